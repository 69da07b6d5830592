import { Transform, type Readable } from 'node:stream';

/** Thrown while writing when the source turns out larger than allowed; nothing is kept. */
export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
  }
}

/**
 * Counts the bytes streaming through and fails with `TooLargeError` past `maxBytes`, so a body
 * never sits in memory and an oversized one stops early. `size()` is the count so far.
 */
export function byteCounter(maxBytes = Number.POSITIVE_INFINITY): { stream: Transform; size(): number } {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new TooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  return { stream, size: () => size };
}

export type ByteRange = { start: number; end: number };

/**
 * Where upload bytes live. Keys are relative, slash-separated names chosen by the caller.
 * Every write is atomic: a key is either absent or complete, never half-written.
 * The local disk implementation is the default; an S3-compatible one fits the same shape.
 */
export interface FileStorage {
  /** Streams `source` into `key`; throws `TooLargeError` (and keeps nothing) past `maxBytes`. */
  put(key: string, source: Readable | AsyncIterable<Uint8Array>, options?: { maxBytes?: number }): Promise<{ size: number }>;
  /** Moves a local file (from `createScratchFile`) in under `key`; the local file is consumed. */
  putFile(key: string, localPath: string): Promise<{ size: number }>;
  /** The bytes of `key`, optionally only an inclusive byte range. */
  open(key: string, range?: ByteRange): Readable;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removing a key that does not exist is not an error, so clean-ups can be retried. */
  delete(key: string): Promise<void>;
  /** Runs `use` with a local path holding the bytes of `key` (a download for remote stores). */
  withLocalFile<T>(key: string, use: (localPath: string) => Promise<T>): Promise<T>;
  /** A fresh path for work files (received bodies, thumbnails) that `putFile` can move in. */
  createScratchFile(suffix?: string): string;
  /** Disk space left where files are kept, for stores on this machine's disk (a bucket has no such limit to check). */
  freeBytes?(): Promise<number>;
  /**
   * Stores that clients can write to directly (S3) hand out a presigned PUT URL for `key`, so
   * large files never pass through this process. Absent: the service receives the PUT itself.
   */
  presignPut?(key: string, params: { expiresInSeconds: number }): Promise<string>;
  /** Stores that clients can read from directly hand out a short-lived GET URL (media redirects). */
  presignGet?(key: string, params: { expiresInSeconds: number; contentType: string }): Promise<string>;
  /**
   * Stores with a native multipart upload (S3): clients PUT parts to presigned URLs and the store
   * assembles them into `key`. Absent: the service receives parts itself and assembles them.
   */
  multipart?: MultipartStore;
}

/** A store's native multipart upload of one key; `uploadId` is the store's own id for it. */
export interface MultipartStore {
  create(key: string): Promise<{ uploadId: string }>;
  presignPart(key: string, params: { uploadId: string; partNumber: number; expiresInSeconds: number }): Promise<string>;
  /** Throws `MultipartPartsError` when the store refuses the part list (a wrong ETag, a missing part). */
  complete(key: string, params: { uploadId: string; parts: { partNumber: number; etag: string }[] }): Promise<void>;
  /** Aborting an upload that is already gone is not an error. */
  abort(key: string, params: { uploadId: string }): Promise<void>;
}

/** The store refused the part list of a multipart upload; `gone` when the upload itself no longer exists. */
export class MultipartPartsError extends Error {
  constructor(
    message: string,
    readonly gone = false,
  ) {
    super(message);
  }
}
