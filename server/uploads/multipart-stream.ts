import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';

export type StreamedFile = { localPath: string; fileName: string; type: string; size: number };
export type StreamedForm = { fields: Record<string, string>; files: Record<string, StreamedFile> };

export class MultipartError extends Error {}
export class MultipartTooLargeError extends Error {}

export type MultipartOptions = {
  /** Largest file part; the stream stops (and the part is removed) as soon as it is exceeded. */
  maxFileBytes: number;
  /** Where each file part goes: a fresh path per call. */
  scratchPath: () => string;
  maxFieldBytes?: number;
  maxParts?: number;
};

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 8 * 1024;

export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/**
 * A `multipart/form-data` body parsed as it arrives: file parts stream to scratch files (with
 * backpressure, never whole in memory), text fields are kept up to a small cap. On any failure
 * every scratch file written so far is removed.
 */
export async function streamMultipart(body: AsyncIterable<Uint8Array>, boundary: string, options: MultipartOptions): Promise<StreamedForm> {
  const maxFieldBytes = options.maxFieldBytes ?? 4096;
  const maxParts = options.maxParts ?? 10;
  // Every delimiter is CRLF + "--" + boundary; a CRLF in front of the body makes the first one alike.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const form: StreamedForm = { fields: {}, files: {} };
  let buffer: Buffer = Buffer.from(CRLF);
  // Widened on purpose: `consume` changes it, which TypeScript's narrowing cannot see.
  let state = 'preamble' as 'preamble' | 'headers' | 'body' | 'after-delimiter' | 'done';
  let parts = 0;
  let part: { name: string; file?: StreamedFile; out?: WriteStream; writeError?: Error; text?: Buffer[]; textSize: number } | null = null;

  const write = async (data: Buffer) => {
    if (!part || data.length === 0) return;
    if (part.file && part.out) {
      part.file.size += data.length;
      if (part.file.size > options.maxFileBytes) throw new MultipartTooLargeError();
      if (part.writeError) throw part.writeError;
      if (!part.out.write(data)) await once(part.out, 'drain');
    } else {
      part.textSize += data.length;
      if (part.textSize > maxFieldBytes) throw new MultipartError(`The form field ${part.name} is too long`);
      part.text!.push(data);
    }
  };
  const finishPart = async () => {
    if (!part) return;
    if (part.out) {
      if (part.writeError) throw part.writeError;
      part.out.end();
      await once(part.out, 'finish');
      form.files[part.name] = part.file!;
    } else form.fields[part.name] = Buffer.concat(part.text!).toString('utf8');
    part = null;
  };
  const startPart = (headerBlock: string) => {
    parts += 1;
    if (parts > maxParts) throw new MultipartError(`The form has more than ${maxParts} parts`);
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headerBlock)?.[1] ?? '';
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (!name) throw new MultipartError('A form part has no name');
    if (Object.hasOwn(form.fields, name) || Object.hasOwn(form.files, name)) throw new MultipartError(`The form field ${name} appears twice`);
    const fileName = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    if (fileName === undefined) {
      part = { name, text: [], textSize: 0 };
      return;
    }
    const type = /^content-type:\s*([^\r\n;]+)/im.exec(headerBlock)?.[1]?.trim().toLowerCase() ?? '';
    const file: StreamedFile = { localPath: options.scratchPath(), fileName, type, size: 0 };
    const filePart: NonNullable<typeof part> = { name, file, out: createWriteStream(file.localPath, { flags: 'wx' }), textSize: 0 };
    // A write fails after `write()` returned (a full disk): Node emits the error once and never
    // 'drain' or 'finish' after it, so it is kept here and thrown at the next write or the end.
    // One that comes while a 'drain' or 'finish' is awaited rejects that wait itself.
    filePart.out!.on('error', (error) => (filePart.writeError ??= error));
    part = filePart;
  };

  const consume = async (final: boolean) => {
    for (;;) {
      if (state === 'preamble' || state === 'body') {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          // Keep a tail that could be the start of a delimiter split across chunks.
          const keep = final ? 0 : delimiter.length - 1;
          if (state === 'body' && buffer.length > keep) await write(buffer.subarray(0, buffer.length - keep));
          buffer = buffer.subarray(Math.max(0, buffer.length - keep));
          return;
        }
        if (state === 'body') {
          await write(buffer.subarray(0, at));
          await finishPart();
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = 'after-delimiter';
      }
      if (state === 'after-delimiter') {
        if (buffer.length < 2) return;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = 'done';
          return;
        }
        const lineEnd = buffer.indexOf(CRLF);
        if (lineEnd === -1) return;
        buffer = buffer.subarray(lineEnd + 2);
        state = 'headers';
      }
      if (state === 'headers') {
        if (buffer.length < 2) return;
        // A part with no headers at all starts straight with the blank line: it has no name.
        if (buffer.subarray(0, 2).equals(CRLF)) throw new MultipartError('A form part has no name');
        const end = buffer.indexOf(HEADER_END);
        if (end === -1) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError('A form part has oversized headers');
          return;
        }
        startPart(buffer.subarray(0, end).toString('utf8'));
        buffer = buffer.subarray(end + HEADER_END.length);
        state = 'body';
      }
      if (state === 'done') return;
    }
  };

  try {
    for await (const chunk of body) {
      buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
      await consume(false);
      if (state === 'done') break;
    }
    if (state !== 'done') await consume(true);
    if (state !== 'done') throw new MultipartError('The form data ended early: the closing boundary is missing');
    return form;
  } catch (error) {
    const open = part as { out?: WriteStream; file?: StreamedFile } | null;
    // The file is opened asynchronously: wait until the stream has closed its descriptor, or the
    // open can land after the removal below and leave the scratch file behind.
    if (open?.out && !open.out.closed) {
      const closed = once(open.out, 'close').catch(() => {});
      open.out.destroy();
      await closed;
    }
    const paths = [...Object.values(form.files).map((file) => file.localPath), ...(open?.file ? [open.file.localPath] : [])];
    await Promise.all(paths.map((path) => rm(path, { force: true })));
    throw error;
  }
}
