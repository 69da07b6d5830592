import type { Config } from '../config';
import { AppError, BadRequestError } from '../http/errors';

export type UploadType = 'image' | 'video';

/** The spec's supported formats, keyed by the MIME type sniffed from the bytes. */
export const SUPPORTED_FORMATS = {
  'image/jpeg': { type: 'image', ext: 'jpg' },
  'image/png': { type: 'image', ext: 'png' },
  'video/mp4': { type: 'video', ext: 'mp4' },
} as const satisfies Record<string, { type: UploadType; ext: string }>;

export type SupportedMime = keyof typeof SUPPORTED_FORMATS;

/** What clients may declare: the spec also accepts the common misspelling `image/jpg`. */
export const DECLARABLE_MIME_TYPES = ['image/jpg', 'image/jpeg', 'image/png', 'video/mp4'] as const;

export function normalizeMime(mime: string): string {
  const lower = mime.trim().toLowerCase();
  return lower === 'image/jpg' ? 'image/jpeg' : lower;
}

export function isSupportedMime(mime: string): mime is SupportedMime {
  return Object.hasOwn(SUPPORTED_FORMATS, mime);
}

export function maxBytesFor(config: Config, type: UploadType): number {
  return type === 'image' ? config.UPLOAD_MAX_IMAGE_BYTES : config.UPLOAD_MAX_VIDEO_BYTES;
}

/** The largest file any flow may bring in (a video). */
export function maxAnyBytes(config: Config): number {
  return Math.max(config.UPLOAD_MAX_IMAGE_BYTES, config.UPLOAD_MAX_VIDEO_BYTES);
}

export function describeBytes(bytes: number): string {
  const round = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Refuses a file larger than its type allows, naming the limit. */
export function assertSizeAllowed(config: Config, type: UploadType, size: number): void {
  const max = maxBytesFor(config, type);
  if (size > max)
    throw new PayloadTooLargeError(`${type === 'image' ? 'Images' : 'Videos'} may be at most ${describeBytes(max)}; this file is ${describeBytes(size)}`);
}

/** A body or file over a size limit. */
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class UnsupportedMediaError extends BadRequestError {}
