import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describeBytes } from './upload-limits';
import { BlockedTargetError, pinnedLookup, resolveTarget, type ResolvedTarget } from '../security/ssrf-guard';

const MAX_REDIRECTS = 3;

export class DownloadError extends Error {}

export type DownloadOptions = {
  /** Development only: lets private and loopback targets (and plain http) through. */
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
};

/**
 * Downloads a URL into `destination` under the SSRF guard: every hop (the URL and each redirect)
 * is resolved and checked, the connection goes to the checked address only (no second DNS answer
 * can swap in an internal one), the body is capped while it streams and the whole exchange,
 * redirects included, has one deadline.
 */
export async function downloadToFile(rawUrl: string, destination: string, options: DownloadOptions): Promise<{ size: number }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let current = rawUrl;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const target = await resolveChecked(current, options.allowPrivate);
      const response = await get(target, controller.signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        current = new URL(response.headers.location, target.url).toString();
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new DownloadError(`The server answered HTTP ${status}`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.destroy();
        throw new DownloadError(`The file is larger than the ${describeBytes(options.maxBytes)} allowed`);
      }
      return await saveBody(response, destination, options.maxBytes);
    }
    throw new DownloadError(`Too many redirects (more than ${MAX_REDIRECTS})`);
  } catch (error) {
    await rm(destination, { force: true });
    if (controller.signal.aborted) throw new DownloadError(`The download took longer than ${Math.round(options.timeoutMs / 1000)} s`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function resolveChecked(url: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  try {
    return await resolveTarget(url, { allowPrivate });
  } catch (error) {
    if (error instanceof BlockedTargetError) throw new DownloadError(error.message);
    throw error;
  }
}

function get(target: ResolvedTarget, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(target.url, {
      method: 'GET',
      lookup: pinnedLookup(target),
      agent: false,
      signal,
      headers: { 'user-agent': 'SocialDesk-Uploads/1.0', accept: 'image/jpeg, image/png, video/mp4, */*;q=0.1' },
    });
    request.on('response', resolve);
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(signal.aborted ? error : new DownloadError(error.code === 'ECONNREFUSED' ? 'Connection refused' : error.message)),
    );
    request.end();
  });
}

async function saveBody(response: http.IncomingMessage, destination: string, maxBytes: number) {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new DownloadError(`The file is larger than the ${describeBytes(maxBytes)} allowed`));
      else callback(null, chunk);
    },
  });
  await pipeline(response, counter, createWriteStream(destination, { flags: 'wx' }));
  return { size };
}
