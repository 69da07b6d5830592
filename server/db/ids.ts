import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** An opaque, unguessable id: 24 base-36 characters (about 124 bits of randomness). */
export function newId(): string {
  const bytes = randomBytes(24);
  let id = '';
  // 252 is the largest multiple of 36 below 256: rejecting above it keeps the letters uniform.
  for (const byte of bytes) if (byte < 252) id += ALPHABET[byte % 36];
  return id.length >= 20 ? id.slice(0, 24) : newId();
}
