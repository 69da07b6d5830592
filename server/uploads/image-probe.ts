import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { UnsupportedMediaError } from './upload-limits';

const THUMBNAIL_WIDTH = 400;

const damaged = (error: unknown) => new UnsupportedMediaError(`The image cannot be decoded (the file is damaged or incomplete): ${reasonOf(error)}`);

/**
 * Width and height from the image's header (no pixels are decoded here). A picture over
 * `maxPixels` is refused before anything decodes it: a small PNG can declare 16k×16k pixels
 * and would decompress to a gigabyte.
 */
export async function probeImage(filePath: string, maxPixels: number): Promise<{ width: number; height: number }> {
  const metadata = await sharp(filePath, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw damaged(error);
    });
  const { width, height } = metadata;
  if (!width || !height) throw damaged('no picture size in the header');
  if (width * height > maxPixels) {
    throw new UnsupportedMediaError(
      `The image is ${width}×${height} pixels (${(Math.round((width * height) / 100_000) / 10).toFixed(1)} megapixels); at most ${describePixels(maxPixels)} are accepted`,
    );
  }
  // EXIF orientation 5..8 turns the picture a quarter: report the size viewers see.
  return metadata.autoOrient ?? { width, height };
}

/**
 * A JPEG preview 400 px wide (never enlarged), upright per EXIF. This decodes every pixel, so it
 * is also the check that the file is whole: a truncated or corrupt image is a 400 naming the
 * problem, never a 500. The pixel cap is given to sharp too, as a second line behind `probeImage`.
 * `source` is a file or the bytes of one (a video's poster frame).
 */
export async function writeImageThumbnail(source: string | Buffer, targetPath: string, maxPixels: number): Promise<void> {
  let thumbnail: Buffer;
  try {
    thumbnail = await sharp(source, { limitInputPixels: maxPixels, failOn: 'warning' })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw damaged(error);
  }
  // Written by Node, not libvips: a full disk keeps its ENOSPC (a 507) instead of reading as a damaged image.
  await writeFile(targetPath, thumbnail);
}

function describePixels(pixels: number): string {
  return pixels >= 1_000_000 ? `${Math.round(pixels / 100_000) / 10} megapixels` : `${pixels} pixels`;
}

/** sharp's first line says what libvips found ("VipsJpeg: Premature end of input file"); enough for a client. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 200);
}
