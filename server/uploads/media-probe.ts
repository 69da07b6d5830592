import { fileTypeFromFile } from 'file-type';
import type { Config } from '../config';
import { probeImage, writeImageThumbnail } from './image-probe';
import { isSupportedMime, normalizeMime, SUPPORTED_FORMATS, UnsupportedMediaError, type SupportedMime, type UploadType } from './upload-limits';
import { probeVideo, writeVideoPoster } from './video-probe';

export type MediaFacts = {
  mime: SupportedMime;
  ext: string;
  type: UploadType;
  width: number | null;
  height: number | null;
  videoLength: number | null;
};

type ProbeLimits = Pick<Config, 'UPLOAD_MAX_IMAGE_PIXELS' | 'UPLOAD_MP4_MAX_INDEX_BYTES'>;

const SUPPORTED_LIST = 'JPEG, PNG or MP4';

/**
 * What the file really is, from its bytes: never from its name or the type the client declared.
 * A declared type that disagrees with the bytes is refused, since it usually means a wrong file.
 */
export async function probeMedia(filePath: string, declaredMime: string | null | undefined, limits: ProbeLimits): Promise<MediaFacts> {
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
    const { width, height } = await probeImage(filePath, limits.UPLOAD_MAX_IMAGE_PIXELS);
    return { mime, ext, type, width, height, videoLength: null };
  }
  const info = await probeVideo(filePath, { maxIndexBytes: limits.UPLOAD_MP4_MAX_INDEX_BYTES });
  return { mime, ext, type, width: info.width, height: info.height, videoLength: info.durationSeconds };
}

/**
 * The 400 px JPEG preview every upload gets: the image itself, or a video's poster frame. Making
 * it decodes the file, so a damaged one is refused here (400) rather than stored.
 */
export async function writeThumbnail(sourcePath: string, targetPath: string, facts: MediaFacts, limits: ProbeLimits): Promise<void> {
  if (facts.type === 'image') await writeImageThumbnail(sourcePath, targetPath, limits.UPLOAD_MAX_IMAGE_PIXELS);
  else await writeVideoPoster(sourcePath, targetPath, facts.videoLength);
}
