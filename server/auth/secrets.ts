import { hash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { RateLimitedError } from '../http/errors';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** One-shot (no Hash object per call): every API request hashes its key. */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

// OWASP's scrypt floor: N=2^17, r=8, p=1 (128 MiB). Parameters are stored with each hash so they can rise later.
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keyLength: 64 };

/**
 * scrypt runs on libuv's pool (4 threads by default), which also serves file access, DNS and
 * sharp. Two at a time leaves the rest for them whatever a sign-in storm does; past a short queue,
 * a sign-in is refused at once rather than waiting behind hundreds of others. Process-wide on
 * purpose: so is the pool it protects.
 */
const scryptGate = pLimit(2);
const SCRYPT_QUEUE = 16;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  if (scryptGate.pendingCount >= SCRYPT_QUEUE) {
    return Promise.reject(new RateLimitedError('Too many sign-ins in progress; try again in a moment', 1));
  }
  return scryptGate(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, keyLength, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash`, memory-hard, from Node's own crypto. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}
