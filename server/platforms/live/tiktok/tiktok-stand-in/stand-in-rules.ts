import { json, type Received } from '../../test-kit/local-receiver';
import type { TikTokWorld } from './stand-in-world';

/** TikTok's answer envelope, `error.code` `ok` on success. */
export function ok(data: unknown): Response {
  return json({ data, error: { code: 'ok', message: '', log_id: logId() } });
}

export function fail(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return json({ error: { code, message, log_id: logId() } }, status, headers);
}

const logId = () => `2026${Math.random().toString(16).slice(2, 18).toUpperCase()}`;

/**
 * The user behind a `Bearer` access token with the scope the endpoint needs, or TikTok's answer:
 * 401 `access_token_invalid` (unknown or expired after 24 hours), 401 `scope_not_authorized`.
 */
export function authorize(world: TikTokWorld, received: Received, scope: string): { openId: string; token: string } | Response {
  const header = received.headers.get('authorization') ?? '';
  const match = /^Bearer (\S+)$/.exec(header);
  const token = match ? world.accessTokens.get(match[1]!) : undefined;
  if (!match || !token || token.expiresAt <= world.now()) {
    return fail(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
  }
  if (!token.scopes.includes(scope))
    return fail(401, 'scope_not_authorized', `The user did not authorize the scope required for completing this request: ${scope}.`);
  return { openId: token.openId, token: match[1]! };
}

/** JSON bodies must be declared as such (`application/json; charset=UTF-8`). */
export async function jsonBody(received: Received): Promise<Record<string, unknown> | Response> {
  if (!(received.headers.get('content-type') ?? '').startsWith('application/json')) return fail(400, 'invalid_params', 'Content-Type must be application/json');
  try {
    const body = JSON.parse(received.text || '{}') as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail(400, 'invalid_params', 'The body must be a JSON object');
    return body as Record<string, unknown>;
  } catch {
    return fail(400, 'invalid_params', 'The body is not valid JSON');
  }
}

const MB = 1024 * 1024;

/**
 * The Media Transfer Guide's chunk rules for a FILE_UPLOAD init: under 5 MB whole; chunks of 5 to
 * 64 MB; `total_chunk_count` = floor(video_size / chunk_size); the final chunk up to 128 MB; 1 to
 * 1000 chunks; videos over 64 MB in several chunks. Answers the broken rule, or null.
 */
export function chunkRuleBroken(source: Record<string, unknown>): string | null {
  const size = source.video_size;
  const chunk = source.chunk_size;
  const count = source.total_chunk_count;
  if (![size, chunk, count].every((value) => Number.isInteger(value) && (value as number) > 0)) {
    return 'video_size, chunk_size and total_chunk_count are required positive integers for FILE_UPLOAD';
  }
  const [videoSize, chunkSize, total] = [size, chunk, count] as [number, number, number];
  if (videoSize > 4 * 1024 * MB) return 'video_size is over 4 GB';
  if (videoSize < 5 * MB) {
    if (chunkSize !== videoSize || total !== 1) return 'a video under 5 MB must be uploaded whole: chunk_size must equal video_size and total_chunk_count be 1';
    return null;
  }
  if (chunkSize < 5 * MB && chunkSize !== videoSize) return 'chunk_size must be at least 5 MB';
  if (chunkSize > 64 * MB) return 'chunk_size must be at most 64 MB';
  if (videoSize > 64 * MB && total < 2) return 'a video over 64 MB must be uploaded in several chunks';
  if (total !== Math.floor(videoSize / chunkSize))
    return `total_chunk_count must be video_size / chunk_size rounded down (${Math.floor(videoSize / chunkSize)})`;
  if (total > 1000) return 'at most 1000 chunks';
  if (videoSize - chunkSize * (total - 1) > 128 * MB) return 'the final chunk would be over 128 MB';
  return null;
}
