import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { timingSafeEqual } from 'node:crypto';
import type { AppEnv, AuthContext, Scope } from '../context';
import { findApiKeyByHash, looksLikeApiKey, touchApiKey } from '../api-keys/api-keys.service';
import { AppError, ForbiddenError, UnauthorizedError } from '../http/errors';
import { countRequest } from '../http/rate-limit';
import { apiKeyFrom, sessionTokenFrom } from './credentials';
import { sha256Hex } from './secrets';
import { findSession, sessionPolicy, touchSession } from './sessions.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// lastUsedAt is for people reading the key list; minute precision spares a write per request.
const TOUCH_AFTER_MS = 60_000;

/**
 * Verifies whatever credentials the request carries (an API key in `x-api-key` or bearer, or a
 * dashboard session cookie) without answering yet: the rate limiter counts a request against its
 * verified caller, and anything unverified against the client's address, so it needs to know
 * first. `authenticate` then answers 401/403 on the routes that need a caller.
 */
export async function identifyCaller(c: Context<AppEnv>): Promise<void> {
  try {
    const auth = await verifyCredentials(c);
    if (auth) c.set('auth', auth);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    c.set('authFailure', error);
  }
}

/**
 * Every API request is identified, then counted (`countRequest`): one middleware for both, as
 * each layer of the chain costs every request (bench:api).
 */
export const identifyAndCount = createMiddleware<AppEnv>(async (c, next) => {
  await identifyCaller(c);
  await countRequest(c);
  return next();
});

/**
 * Lets only a verified caller through (see `identifyCaller`, which must run first), with the
 * scope its method needs: reads need `read`, changes need `write`; routers that need more add
 * `requireScope`. One middleware for both, as every protected request passes through it.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.get('auth');
  if (!auth) throw c.get('authFailure') ?? new UnauthorizedError('Missing API key: send it in the x-api-key header');
  assertScope(auth, SAFE_METHODS.has(c.req.method) ? 'read' : 'write');
  return next();
});

async function verifyCredentials(c: Context<AppEnv>): Promise<AuthContext | undefined> {
  const { db, cache } = c.get('services');
  const key = apiKeyFrom(c);
  if (key) {
    if (!looksLikeApiKey(key)) throw new UnauthorizedError('Invalid API key');
    const keyHash = sha256Hex(key);
    // Every request needs its key: cached, and dropped everywhere when the key is revoked.
    const apiKey = cache.apiKeys.get(keyHash, '') ?? (await cache.apiKeys.getOrLoad(keyHash, '', async () => (await findApiKeyByHash(db, keyHash)) ?? null));
    if (!apiKey) throw new UnauthorizedError('Invalid API key');
    if (apiKey.revokedAt) throw new UnauthorizedError('This API key was revoked');
    if (!apiKey.lastUsedAt || Date.now() - apiKey.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
      apiKey.lastUsedAt = new Date();
      await touchApiKey(db, apiKey.id);
    }
    return { organizationId: apiKey.organizationId, scopes: apiKey.scopes as Scope[], via: 'api-key', apiKeyId: apiKey.id, apiKeyHash: keyHash };
  }
  const token = sessionTokenFrom(c);
  if (token) {
    const policy = sessionPolicy(c.get('services').config);
    const found = await findSession(db, token, policy);
    if (!found) throw new UnauthorizedError('Your session has expired; sign in again');
    assertCsrfToken(c, found.session);
    await touchSession(db, found.session, policy);
    return {
      organizationId: found.user.organizationId,
      scopes: found.user.role === 'ADMIN' ? ['read', 'write', 'admin'] : ['read', 'write'],
      via: 'session',
      userId: found.user.id,
      sessionId: found.session.id,
      sessionExpiresAt: found.session.expiresAt,
    };
  }
  return undefined;
}

/**
 * A change made with the session cookie must carry the session's CSRF token (`x-csrf-token`),
 * which another site's page cannot read: the cookie alone could be sent by any page.
 */
export function assertCsrfToken(c: Context<AppEnv>, session: { csrfToken: string }): void {
  if (SAFE_METHODS.has(c.req.method) || sameSecret(c.req.header('x-csrf-token'), session.csrfToken)) return;
  throw new ForbiddenError('Missing or invalid CSRF token (send the x-csrf-token header)');
}

export const requireScope = (scope: Scope) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertScope(c.get('auth'), scope);
    return next();
  });

function assertScope(auth: AuthContext, needed: Scope) {
  if (auth.scopes.includes(needed)) return;
  throw new ForbiddenError(
    auth.via === 'api-key'
      ? `This API key lacks the '${needed}' scope`
      : `Your role does not allow this: it needs the '${needed}' permission (ask an organization admin)`,
  );
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
