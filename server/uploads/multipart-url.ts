import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';

export const PART_PATH_PREFIX = '/uploads/part';

// Its own key, derived from the secret key: a part URL's signature is never valid as anything else.
function signingKey(config: Config): Buffer {
  return createHmac('sha256', config.secretKey).update('upload-part-url:v1').digest();
}

function sign(config: Config, intentId: string, partNumber: number, expires: number): string {
  return createHmac('sha256', signingKey(config)).update(`PUT\n${intentId}\n${partNumber}\n${expires}`).digest('base64url');
}

/** The PUT URL of one part of a multipart session received by this service (local disk storage). */
export function signedPartUrl(config: Config, intentId: string, partNumber: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: sign(config, intentId, partNumber, expires) });
  return `${config.publicUrl}${PART_PATH_PREFIX}/${intentId}/${partNumber}?${query}`;
}

/** Signature first (constant time), then expiry. */
export function checkPartUrl(
  config: Config,
  params: { intentId: string; partNumber: number; expires: number; signature: string },
  now = new Date(),
): 'ok' | 'invalid' | 'expired' {
  const expected = Buffer.from(sign(config, params.intentId, params.partNumber, params.expires));
  const given = Buffer.from(params.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return params.expires * 1000 <= now.getTime() ? 'expired' : 'ok';
}
