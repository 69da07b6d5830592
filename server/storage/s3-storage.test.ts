import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startS3TestServer } from '../test/s3-test-server';
import { TooLargeError } from './file-storage';
import { openStorage } from './open-storage';

const s3 = await startS3TestServer();
const opened = await openStorage(loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...s3.env, S3_PREFIX: 'install-a/' }));
const { storage } = opened;
afterAll(async () => {
  await opened.close();
  await s3.close();
});

const bucketUrl = (key: string) => `${s3.endpoint}/${s3.bucket}/install-a/${key}`;

describe('the S3 storage driver (against s3rver)', { timeout: 60_000 }, () => {
  it('stores a stream, reads it whole and by range, and deletes it (twice without error)', async () => {
    const { size } = await storage.put('ab/one.txt', Readable.from([Buffer.from('hello '), Buffer.from('bucket')]));
    expect(size).toBe(12);
    expect(await storage.stat('ab/one.txt')).toEqual({ size: 12 });
    expect(await text(storage.open('ab/one.txt'))).toBe('hello bucket');
    expect(await text(storage.open('ab/one.txt', { start: 6, end: 11 }))).toBe('bucket');
    await storage.delete('ab/one.txt');
    await storage.delete('ab/one.txt');
    expect(await storage.stat('ab/one.txt')).toBeNull();
  });

  it('refuses a body over maxBytes and keeps nothing', async () => {
    const chunks = Array.from({ length: 10 }, () => randomBytes(1000));
    await expect(storage.put('ab/big.bin', Readable.from(chunks), { maxBytes: 5000 })).rejects.toBeInstanceOf(TooLargeError);
    expect(await storage.stat('ab/big.bin')).toBeNull();
  });

  it('sends large files as a multipart upload, byte for byte', async () => {
    // Over lib-storage's 8 MiB part size: three parts.
    const bytes = randomBytes(20 * 1024 * 1024);
    const local = storage.createScratchFile('.bin');
    await writeFile(local, bytes);
    expect(await storage.putFile('cd/large.bin', local)).toEqual({ size: bytes.length });
    expect(existsSync(local)).toBe(false);
    const copy = await storage.withLocalFile('cd/large.bin', async (localPath) => {
      expect(localPath).not.toBe(local);
      return readFile(localPath);
    });
    expect(copy.equals(bytes)).toBe(true);
    const tail = Buffer.concat(await storage.open('cd/large.bin', { start: bytes.length - 10, end: bytes.length - 1 }).toArray());
    expect(tail.equals(bytes.subarray(bytes.length - 10))).toBe(true);
  });

  it('hands out presigned PUT and GET URLs that work without credentials, under its prefix', async () => {
    const put = await storage.presignPut!('ef/direct.txt', { expiresInSeconds: 60 });
    expect(put.startsWith(bucketUrl('ef/direct.txt'))).toBe(true);
    expect((await fetch(put, { method: 'PUT', body: 'straight to the bucket' })).status).toBe(200);
    expect(await storage.stat('ef/direct.txt')).toEqual({ size: 22 });
    const get = await storage.presignGet!('ef/direct.txt', { expiresInSeconds: 60, contentType: 'text/plain' });
    const response = await fetch(get, { headers: { range: 'bytes=0-7' } });
    expect(response.status).toBe(206);
    expect(await response.text()).toBe('straight');
    expect(get).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
  });

  it('refuses keys that could leave its prefix', async () => {
    for (const key of ['', '/abs', 'a/../b', 'a//b', './a']) {
      await expect(storage.stat(key)).rejects.toThrow(/invalid storage key/);
    }
  });

  it('reports a missing object as absent, and a read of one as a stream error', async () => {
    expect(await storage.stat('no/such.txt')).toBeNull();
    await expect(text(storage.open('no/such.txt'))).rejects.toThrow();
  });
});
