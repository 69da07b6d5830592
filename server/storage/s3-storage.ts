import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { newId } from '../db/ids';
import { byteCounter, MultipartPartsError, type ByteRange, type FileStorage, type MultipartStore } from './file-storage';

export type S3StorageOptions = {
  bucket: string;
  /** Prepended to every key, so one bucket can hold several installations (`socialdesk/`). */
  prefix: string;
  client: S3Client;
  /** A local directory for work files (thumbnails, downloads for probing); emptied by its owner. */
  scratchDir: string;
};

/** Parts of 8 MiB: lib-storage sends anything larger as a multipart upload, four parts at a time. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Upload bytes in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2). An object
 * appears only once its single PUT or its multipart upload completes, so a key is either absent
 * or complete, as `FileStorage` promises; a failed multipart upload is aborted by lib-storage.
 */
export class S3Storage implements FileStorage {
  constructor(private readonly options: S3StorageOptions) {}

  async init(): Promise<void> {
    await mkdir(this.options.scratchDir, { recursive: true });
  }

  createScratchFile(suffix = ''): string {
    return path.join(this.options.scratchDir, `${newId()}${suffix}`);
  }

  async put(key: string, source: Readable | AsyncIterable<Uint8Array>, options: { maxBytes?: number } = {}) {
    // Counting while streaming, as on disk: an oversized body stops early and nothing is kept.
    const counter = byteCounter(options.maxBytes);
    const body = new PassThrough();
    const feeding = pipeline(source, counter.stream, body);
    const upload = new Upload({ client: this.options.client, params: { Bucket: this.options.bucket, Key: this.keyOf(key), Body: body }, partSize: PART_SIZE });
    // Whichever fails first decides: a source error (or the size limit) aborts the upload.
    const results = await Promise.allSettled([feeding, upload.done()]);
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) {
      await upload.abort().catch(() => undefined);
      await this.delete(key).catch(() => undefined);
      throw results[0].status === 'rejected' ? results[0].reason : failed.reason;
    }
    return { size: counter.size() };
  }

  async putFile(key: string, localPath: string) {
    try {
      return await this.put(key, createReadStream(localPath));
    } finally {
      await rm(localPath, { force: true });
    }
  }

  open(key: string, range?: ByteRange): Readable {
    // `open` answers synchronously; the object's bytes follow once the GET has answered.
    const out = new PassThrough();
    this.options.client
      .send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
      .then((response) => {
        const body = response.Body as Readable | undefined;
        if (!body) return void out.end();
        body.on('error', (error) => out.destroy(error));
        body.pipe(out);
      })
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  async stat(key: string) {
    try {
      const head = await this.options.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, which is the contract.
    await this.options.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
  }

  async withLocalFile<T>(key: string, use: (localPath: string) => Promise<T>): Promise<T> {
    const local = this.createScratchFile(path.extname(key));
    try {
      await pipeline(this.open(key), createWriteStream(local, { flags: 'wx' }));
      return await use(local);
    } finally {
      await rm(local, { force: true });
    }
  }

  /**
   * A URL the client PUTs the file to itself. Only the key and the expiry are signed: signing the
   * length or the type would make a PUT without exactly those headers fail on AWS, and clients
   * of the hosted service PUT plain bytes. Finalize checks the size and sniffs the content instead.
   */
  presignPut(key: string, params: { expiresInSeconds: number }): Promise<string> {
    const command = new PutObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) });
    return getSignedUrl(this.options.client, command, { expiresIn: params.expiresInSeconds });
  }

  /** A short-lived URL that reads the object straight from the bucket. */
  presignGet(key: string, params: { expiresInSeconds: number; contentType: string }): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key), ResponseContentType: params.contentType });
    return getSignedUrl(this.options.client, command, { expiresIn: params.expiresInSeconds });
  }

  /** S3's own multipart upload: parts go from the client straight to the bucket (`/upload/multipart/*`). */
  readonly multipart: MultipartStore = {
    create: async (key) => {
      const created = await this.options.client.send(new CreateMultipartUploadCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
      if (!created.UploadId) throw new Error('the bucket answered CreateMultipartUpload without an UploadId');
      return { uploadId: created.UploadId };
    },
    presignPart: (key, params) => {
      const command = new UploadPartCommand({ Bucket: this.options.bucket, Key: this.keyOf(key), UploadId: params.uploadId, PartNumber: params.partNumber });
      return getSignedUrl(this.options.client, command, { expiresIn: params.expiresInSeconds });
    },
    complete: async (key, params) => {
      try {
        await this.options.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.options.bucket,
            Key: this.keyOf(key),
            UploadId: params.uploadId,
            MultipartUpload: { Parts: params.parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
          }),
        );
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchUpload') throw new MultipartPartsError('the multipart upload no longer exists', true);
        if (error instanceof S3ServiceException && ['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall'].includes(error.name)) {
          throw new MultipartPartsError(error.message || error.name);
        }
        throw error;
      }
    },
    abort: async (key, params) => {
      try {
        await this.options.client.send(new AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key: this.keyOf(key), UploadId: params.uploadId }));
      } catch (error) {
        if (error instanceof S3ServiceException && (error.name === 'NoSuchUpload' || error.$metadata.httpStatusCode === 404)) return;
        // Stores without AbortMultipartUpload (some S3-compatible servers): the bucket's lifecycle
        // rule for incomplete multipart uploads removes the parts; nothing of ours refers to them any more.
        if (
          error instanceof S3ServiceException &&
          (error.name === 'MethodNotAllowed' || error.name === 'NotImplemented' || error.$metadata.httpStatusCode === 405)
        )
          return;
        throw error;
      }
    },
  };

  /** Keys come from this product, but one that could climb out of the prefix is refused all the same. */
  private keyOf(key: string): string {
    if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
      throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    }
    return `${this.options.prefix}${key}`;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof NotFound || (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey'));
}
