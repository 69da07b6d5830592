import type { Readable } from 'node:stream';
import { tiktokError, type TikTokApi } from './tiktok-api';

export const MB = 1024 * 1024;
export const MIN_CHUNK = 5 * MB;
export const MAX_CHUNK = 64 * MB;
/** The final chunk may carry the trailing bytes: up to 128 MB. */
export const MAX_FINAL_CHUNK = 128 * MB;
export const MAX_CHUNKS = 1000;

export type ChunkPlan = { videoSize: number; chunkSize: number; totalChunkCount: number };

/**
 * TikTok's chunk rules (Media Transfer Guide): a video under 5 MB goes whole (`chunk_size` is its
 * size); otherwise chunks of 5 to 64 MB, `total_chunk_count` = size / chunk size rounded down, the
 * trailing bytes riding on the final chunk (which may reach 128 MB); 1 to 1000 chunks.
 */
export function planChunks(videoSize: number, preferred: number): ChunkPlan {
  if (videoSize <= 0) throw tiktokError('INVALID_REQUEST', 'publishing.upload', 'the video is empty');
  if (videoSize < MIN_CHUNK || videoSize <= preferred) {
    if (videoSize > MAX_CHUNK) return planChunks(videoSize, MAX_CHUNK);
    return { videoSize, chunkSize: videoSize, totalChunkCount: 1 };
  }
  const chunkSize = Math.max(Math.ceil(videoSize / MAX_CHUNKS), Math.min(preferred, MAX_CHUNK));
  return { videoSize, chunkSize, totalChunkCount: Math.floor(videoSize / chunkSize) };
}

/** The inclusive byte range of chunk `index` (the last one runs to the end of the file). */
export function chunkRange(plan: ChunkPlan, index: number): { first: number; last: number } {
  const first = index * plan.chunkSize;
  const last = index === plan.totalChunkCount - 1 ? plan.videoSize - 1 : first + plan.chunkSize - 1;
  return { first, last };
}

/**
 * Sends chunks `from`..end in order, one PUT each with `Content-Range: bytes first-last/total`.
 * TikTok answers 206 for each chunk and 201 once the file is whole. `saved(next)` is called after
 * each chunk TikTok took, so a later attempt goes on from there. Not retried by the client (a PUT
 * is idempotent for HTTP, but a retry here is the next attempt's resume, which knows where it was).
 */
export async function uploadChunks(input: {
  api: TikTokApi;
  accessToken: string;
  uploadUrl: string;
  plan: ChunkPlan;
  from: number;
  mime: string;
  open: (range: { start: number; end: number }) => Readable;
  saved: (next: number) => Promise<void>;
}): Promise<void> {
  const { api, plan } = input;
  for (let index = input.from; index < plan.totalChunkCount; index += 1) {
    const { first, last } = chunkRange(plan, index);
    const chunks: Buffer[] = [];
    for await (const part of input.open({ start: first, end: last })) chunks.push(Buffer.from(part as Uint8Array));
    const bytes = Buffer.concat(chunks);
    await api.raw(input.accessToken, {
      operation: `publishing.upload chunk ${index + 1}/${plan.totalChunkCount}`,
      method: 'PUT',
      url: api.uploadUrl(input.uploadUrl),
      idempotent: false,
      timeoutMs: 10 * 60_000,
      headers: { 'content-type': input.mime, 'content-range': `bytes ${first}-${last}/${plan.videoSize}` },
      body: bytes,
    });
    await input.saved(index + 1);
  }
}
