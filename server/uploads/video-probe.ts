import { readWithFfprobe } from './ffprobe-info';
import { writeImageThumbnail } from './image-probe';
import { MediaToolError, runMediaToolForBytes } from './media-tools';
import { readMp4Info, type VideoInfo } from './mp4-info';
import { UnsupportedMediaError } from './upload-limits';

const POSTER_TIMEOUT_MS = 30_000;
/** A poster frame is at most this large before it becomes the 400 px thumbnail. */
const POSTER_MAX_PIXELS = 64_000_000;
/** Its PNG: three bytes a pixel when nothing compresses, and the PNG framing. */
const POSTER_MAX_PNG_BYTES = POSTER_MAX_PIXELS * 3 + 1024 * 1024;

const unreadable = (detail: string) => new UnsupportedMediaError(`The video cannot be read (the file is damaged or incomplete): ${detail}`);

/**
 * Duration and picture size: mp4box in process for the usual MP4 (fast, reads only the index),
 * ffprobe in a child process when mp4box cannot (an index over `maxIndexBytes`, a layout it
 * does not handle). Neither reading it is a 400 naming the problem.
 */
export async function probeVideo(filePath: string, options: { maxIndexBytes: number }): Promise<VideoInfo> {
  const mp4 = await readMp4Info(filePath, options).catch(() => ({ ok: false as const, reason: 'unreadable' as const }));
  if (mp4.ok && mp4.info.width && mp4.info.height) return mp4.info;
  let info: VideoInfo;
  try {
    info = await readWithFfprobe(filePath);
  } catch (error) {
    if (error instanceof MediaToolError) throw unreadable(error.detail);
    throw unreadable('its structure cannot be read');
  }
  if (!info.width || !info.height) throw new UnsupportedMediaError('The file is an MP4 without a video picture: upload a video');
  return info;
}

/**
 * The video's poster frame as a 400 px JPEG, like an image's thumbnail. ffmpeg decodes one frame
 * (a second in, or the first of a very short clip; rotation applied) into a PNG it hands over on
 * stdout, and sharp makes the thumbnail. A video no frame can be decoded from is refused.
 */
export async function writeVideoPoster(sourcePath: string, targetPath: string, durationSeconds: number | null): Promise<void> {
  const at = durationSeconds !== null && durationSeconds >= 2 ? 1 : 0;
  let frame: Buffer;
  try {
    frame = await runMediaToolForBytes(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
        ...['-ss', String(at), '-i', sourcePath],
        ...['-map', '0:v:0', '-frames:v', '1', '-an', '-sn', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      ],
      { timeoutMs: POSTER_TIMEOUT_MS, maxBytes: POSTER_MAX_PNG_BYTES },
    );
  } catch (error) {
    if (error instanceof MediaToolError) throw new UnsupportedMediaError(`The video cannot be decoded (the file is damaged or incomplete): ${error.detail}`);
    throw error;
  }
  if (frame.length === 0) throw new UnsupportedMediaError('The video cannot be decoded (the file is damaged or incomplete): no frame could be read');
  await writeImageThumbnail(frame, targetPath, POSTER_MAX_PIXELS).catch((error: unknown) => {
    if (error instanceof UnsupportedMediaError) {
      throw new UnsupportedMediaError('The video cannot be decoded (the file is damaged or incomplete): no frame could be read');
    }
    throw error;
  });
}
