import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newId } from '../db/ids';
import { byteCounter, type ByteRange, type FileStorage } from './file-storage';
import { freeBytesAt } from './free-space';

const SCRATCH_DIR = '.scratch';

/**
 * Files under one root directory. Writes go to a scratch file in the same directory tree and are
 * renamed into place, which is atomic on one filesystem: readers never see a partial file.
 */
export class LocalDiskStorage implements FileStorage {
  private readonly scratch: string;

  constructor(readonly root: string) {
    this.scratch = path.join(root, SCRATCH_DIR);
  }

  async init(): Promise<void> {
    await mkdir(this.scratch, { recursive: true });
  }

  freeBytes(): Promise<number> {
    return freeBytesAt(this.root);
  }

  createScratchFile(suffix = ''): string {
    return path.join(this.scratch, `${newId()}${suffix}`);
  }

  async put(key: string, source: Readable | AsyncIterable<Uint8Array>, options: { maxBytes?: number } = {}) {
    const scratch = this.createScratchFile();
    const counter = byteCounter(options.maxBytes);
    try {
      await pipeline(source, counter.stream, createWriteStream(scratch, { flags: 'wx' }));
      return await this.putFile(key, scratch);
    } catch (error) {
      await rm(scratch, { force: true });
      throw error;
    }
  }

  async putFile(key: string, localPath: string) {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(localPath, target);
    return { size: (await stat(target)).size };
  }

  open(key: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string) {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async withLocalFile<T>(key: string, use: (localPath: string) => Promise<T>): Promise<T> {
    return use(this.pathOf(key));
  }

  /** Keys come from this product, but a key that escapes the root is refused all the same. */
  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!key || key.startsWith(SCRATCH_DIR) || !resolved.startsWith(this.root + path.sep)) {
      throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    }
    return resolved;
  }
}
