import { createPublicKey, timingSafeEqual, verify, type JsonWebKey } from 'node:crypto';
import type { LiveHttpClient } from '../live-http';

/*
 * Who may call our Pub/Sub push endpoint (decision 093). Google documents two ways for a push
 * subscription to prove itself:
 * - an OIDC token: Pub/Sub signs a JWT as the subscription's service account and sends it as
 *   `Authorization: Bearer`; we check Google's signature (its public keys, `GOOGLE_OIDC_CERTS_URL`),
 *   the issuer, the audience the subscription was given, the expiry and the service account;
 * - a secret token in the endpoint's URL (`?token=`), compared in constant time.
 * https://cloud.google.com/pubsub/docs/authenticate-push-subscriptions
 */

export type PushAuthConfig = {
  http: LiveHttpClient;
  certsUrl: string;
  /** The audience set on the push subscription (OIDC); null: OIDC tokens are not accepted. */
  audience: string | null;
  /** The service account the subscription signs as; null: any verified Google service account email. */
  serviceAccount: string | null;
  /** The shared token of the endpoint URL; null: not accepted. */
  token: string | null;
};

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

type Jwks = { keys: (JsonWebKey & { kid?: string })[] };
const certCache = new Map<string, { keys: Jwks; until: number }>();

async function googleKeys(config: PushAuthConfig, refresh: boolean): Promise<Jwks> {
  const cached = certCache.get(config.certsUrl);
  if (cached && !refresh && cached.until > Date.now()) return cached.keys;
  const response = await config.http.request({ platform: 'GOOGLE_BUSINESS', operation: 'push.certs', accountKey: 'google-certs', url: config.certsUrl });
  const keys = (await response.json()) as Jwks;
  // Google rotates its keys daily and says how long to keep them (Cache-Control max-age).
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1] ?? 3600);
  certCache.set(config.certsUrl, { keys, until: Date.now() + maxAge * 1000 });
  return keys;
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Why the push is refused, or null when it is Google's. */
export async function pushRefusal(config: PushAuthConfig, input: { authorization: string | undefined; token: string | undefined }): Promise<string | null> {
  if (config.token && input.token) {
    const given = Buffer.from(input.token);
    const expected = Buffer.from(config.token);
    return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'wrong token';
  }
  if (!config.audience) return config.token ? 'missing token' : 'push authentication is not configured';
  const bearer = /^Bearer (.+)$/.exec(input.authorization ?? '')?.[1];
  if (!bearer) return 'missing bearer token';
  const [headerPart, payloadPart, signaturePart] = bearer.split('.');
  if (!headerPart || !payloadPart || !signaturePart) return 'malformed token';
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = decode(headerPart);
    claims = decode(payloadPart);
  } catch {
    return 'malformed token';
  }
  if (header.alg !== 'RS256' || typeof header.kid !== 'string') return 'unexpected token algorithm';
  let jwk = (await googleKeys(config, false)).keys.find((key) => key.kid === header.kid);
  // A key we have not seen yet: Google rotated; fetch once more.
  jwk ??= (await googleKeys(config, true)).keys.find((key) => key.kid === header.kid);
  if (!jwk) return 'unknown signing key';
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    createPublicKey({ key: jwk, format: 'jwk' }),
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) return 'bad signature';
  const now = Date.now() / 1000;
  if (!ISSUERS.includes(String(claims.iss))) return 'wrong issuer';
  if (claims.aud !== config.audience) return 'wrong audience';
  if (typeof claims.exp !== 'number' || claims.exp < now - 60) return 'expired token';
  if (typeof claims.iat === 'number' && claims.iat > now + 300) return 'token from the future';
  if (claims.email_verified !== true) return 'unverified email';
  if (config.serviceAccount && claims.email !== config.serviceAccount) return 'wrong service account';
  return null;
}
