import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { readMp4Info } from './mp4-info';
import { isSupportedMime, normalizeMime, SUPPORTED_FORMATS, UnsupportedMediaError, type SupportedMime, type UploadType } from './upload-limits';

export type MediaFacts = {
  mime: SupportedMime;
  ext: string;
  type: UploadType;
  width: number | null;
  height: number | null;
  videoLength: number | null;
};

const THUMBNAIL_WIDTH = 400;
const SUPPORTED_LIST = 'JPEG, PNG or MP4';

/**
 * What the file really is, from its bytes: never from its name or the type the client declared.
 * A declared type that disagrees with the bytes is refused, since it usually means a wrong file.
 */
export async function probeMedia(filePath: string, declaredMime?: string | null): Promise<MediaFacts> {
  const sniffed = await fileTypeFromFile(filePath);
  if (!sniffed) throw new UnsupportedMediaError(`The file's content is not a supported format (${SUPPORTED_LIST})`);
  const mime = normalizeMime(sniffed.mime);
  if (!isSupportedMime(mime)) {
    throw new UnsupportedMediaError(`The file's content is ${sniffed.mime}, which is not supported: upload ${SUPPORTED_LIST}`);
  }
  if (declaredMime && normalizeMime(declaredMime) !== mime) {
    throw new UnsupportedMediaError(`The file was declared as ${declaredMime} but its content is ${mime}`);
  }
  const { type, ext } = SUPPORTED_FORMATS[mime];
  if (type === 'image') {
    const metadata = await sharp(filePath).metadata().catch(() => {
      throw new UnsupportedMediaError(`The file looks like ${mime} but cannot be read as an image`);
    });
    // EXIF orientation 5..8 turns the picture a quarter: report the size viewers see.
    const size = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
    return { mime, ext, type, width: size.width ?? null, height: size.height ?? null, videoLength: null };
  }
  const info = await readMp4Info(filePath).catch(() => null);
  if (!info) throw new UnsupportedMediaError('The file looks like an MP4 video but its structure cannot be read');
  return { mime, ext, type, width: info.width, height: info.height, videoLength: info.durationSeconds };
}

/** A JPEG preview 400 px wide (never enlarged), upright per EXIF. */
export async function writeImageThumbnail(sourcePath: string, targetPath: string): Promise<void> {
  await sharp(sourcePath)
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(targetPath);
}
