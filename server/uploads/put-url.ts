import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';

export const PUT_PATH_PREFIX = '/uploads/put';

// A key of its own, derived from the secret key, so these signatures can never be confused with
// any other HMAC the product makes.
function signingKey(config: Config): Buffer {
  return createHmac('sha256', config.secretKey).update('upload-put-url:v1').digest();
}

function sign(config: Config, intentId: string, expires: number): string {
  return createHmac('sha256', signingKey(config)).update(`PUT\n${intentId}\n${expires}`).digest('base64url');
}

/** The one-time PUT URL for an upload intent; the signature is the only credential it needs. */
export function signedPutUrl(config: Config, intentId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: sign(config, intentId, expires) });
  return `${config.publicUrl}${PUT_PATH_PREFIX}/${intentId}?${query}`;
}

export type PutUrlCheck = 'ok' | 'invalid' | 'expired';

/** Signature first (constant time), then expiry: a tampered URL never reveals whether it expired. */
export function checkPutUrl(config: Config, params: { intentId: string; expires: number; signature: string }, now = new Date()): PutUrlCheck {
  const expected = Buffer.from(sign(config, params.intentId, params.expires));
  const given = Buffer.from(params.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return params.expires * 1000 <= now.getTime() ? 'expired' : 'ok';
}
