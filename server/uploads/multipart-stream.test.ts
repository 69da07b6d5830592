import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boundaryOf, MultipartError, MultipartTooLargeError, streamMultipart } from './multipart-stream';
import { testMedia } from '../test/test-media';

const dir = mkdtempSync(path.join(os.tmpdir(), 'multipart-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const scratchPath = () => path.join(dir, `part-${++counter}`);

/** A real multipart body as a browser or fetch would encode it. */
async function encode(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { bytes: Buffer.from(await request.arrayBuffer()), boundary: boundaryOf(request.headers.get('content-type') ?? '')! };
}

async function* chunks(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('streaming multipart parser', () => {
  it.each([1, 7, 70, 65536])('parses a file and fields in chunks of %i bytes', async (size) => {
    const image = await testMedia('link-card-1200x628.png');
    const { bytes, boundary } = await encode({ teamId: 'team_1', file: new File([new Uint8Array(image)], 'card.png', { type: 'image/png' }), note: 'after' });
    const form = await streamMultipart(chunks(bytes, size), boundary, { maxFileBytes: 1_000_000, scratchPath });
    expect(form.fields).toEqual({ teamId: 'team_1', note: 'after' });
    expect(form.files.file).toMatchObject({ fileName: 'card.png', type: 'image/png', size: image.length });
    expect(readFileSync(form.files.file!.localPath).equals(image)).toBe(true);
  });

  it('keeps file bytes that look almost like the boundary', async () => {
    const boundary = 'XyZ123';
    const tricky = Buffer.from('a\r\n--XyZ12x\r\n--XyZ1\r\n--\r\n-XyZ123z');
    const bytes = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`),
      tricky,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    for (const size of [1, 2, 5, 9]) {
      const form = await streamMultipart(chunks(bytes, size), boundary, { maxFileBytes: 1000, scratchPath });
      expect(readFileSync(form.files.file!.localPath).equals(tricky)).toBe(true);
    }
  });

  it('stops at the file limit and leaves no file behind', async () => {
    const before = readdirSync(dir).length;
    const { bytes, boundary } = await encode({ file: new File([new Uint8Array(await testMedia('square-1080.jpg'))], 'a.jpg') });
    await expect(streamMultipart(chunks(bytes, 4096), boundary, { maxFileBytes: 10_000, scratchPath })).rejects.toBeInstanceOf(MultipartTooLargeError);
    expect(readdirSync(dir).length).toBe(before);
  });

  it('refuses a body without its closing boundary, and removes what it wrote', async () => {
    const { bytes, boundary } = await encode({ file: new File(['hello'], 'a.txt') });
    let written = '';
    const promise = streamMultipart(chunks(bytes.subarray(0, bytes.length - 10), 5), boundary, {
      maxFileBytes: 1000,
      scratchPath: () => (written = scratchPath()),
    });
    await expect(promise).rejects.toBeInstanceOf(MultipartError);
    expect(existsSync(written)).toBe(false);
  });

  it('refuses a field sent twice and oversized fields', async () => {
    const form = new FormData();
    form.append('teamId', 'a');
    form.append('teamId', 'b');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const boundary = boundaryOf(request.headers.get('content-type') ?? '')!;
    const twice = streamMultipart(chunks(Buffer.from(await request.arrayBuffer()), 100), boundary, { maxFileBytes: 10, scratchPath });
    await expect(twice).rejects.toThrow('appears twice');
    const { bytes, boundary: b2 } = await encode({ teamId: 'x'.repeat(5000) });
    await expect(streamMultipart(chunks(bytes, 100), b2, { maxFileBytes: 10, scratchPath })).rejects.toThrow('too long');
  });

  it('reads the boundary from the content type, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });
});
