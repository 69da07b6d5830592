import { createHash } from 'node:crypto';

/**
 * The live client's concurrency key for an account. Connector calls carry the account's
 * credentials, not its id, so the key is a digest of what identifies the account on the platform
 * (never the token itself, which would then sit in memory as a map key and in logs).
 */
export function accountKeyOf(platform: string, ...parts: string[]): string {
  return `${platform}:${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 20)}`;
}

/** A short, stable digest of an intent key, for platforms that limit the length of a nonce. */
export function intentDigest(intentKey: string, length: number): string {
  return createHash('sha256').update(intentKey).digest('hex').slice(0, length);
}
