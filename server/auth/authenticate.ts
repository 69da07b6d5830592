import { createMiddleware } from 'hono/factory';
import { timingSafeEqual } from 'node:crypto';
import type { AppEnv, AuthContext, Scope } from '../context';
import { findApiKeyByHash, looksLikeApiKey, touchApiKey } from '../api-keys/api-keys.service';
import { ForbiddenError, UnauthorizedError } from '../http/errors';
import { apiKeyFrom, apiKeyHashFrom, sessionTokenFrom } from './credentials';
import { findSession } from './sessions.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// lastUsedAt is for people reading the key list; minute precision spares a write per request.
const TOUCH_AFTER_MS = 60_000;

/**
 * Resolves the caller: an API key (`x-api-key` or bearer) or a dashboard session cookie.
 * Cookie-authenticated writes must echo the session's CSRF token in `x-csrf-token`.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const { db, cache } = c.var.services;
  const key = apiKeyFrom(c);
  if (key) {
    if (!looksLikeApiKey(key)) throw new UnauthorizedError('Invalid API key');
    const keyHash = apiKeyHashFrom(c)!;
    // Every request needs its key: cached, and dropped everywhere when the key is revoked.
    const apiKey = await cache.apiKeys.getOrLoad(keyHash, '', async () => (await findApiKeyByHash(db, keyHash)) ?? null);
    if (!apiKey) throw new UnauthorizedError('Invalid API key');
    if (apiKey.revokedAt) throw new UnauthorizedError('This API key was revoked');
    if (!apiKey.lastUsedAt || Date.now() - apiKey.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
      apiKey.lastUsedAt = new Date();
      await touchApiKey(db, apiKey.id);
    }
    c.set('auth', {
      organizationId: apiKey.organizationId,
      scopes: apiKey.scopes as Scope[],
      via: 'api-key',
      apiKeyId: apiKey.id,
    });
    return next();
  }
  const token = sessionTokenFrom(c);
  if (token) {
    const found = await findSession(db, token);
    if (!found) throw new UnauthorizedError('Your session has expired; sign in again');
    if (!SAFE_METHODS.has(c.req.method) && !sameSecret(c.req.header('x-csrf-token'), found.session.csrfToken)) {
      throw new ForbiddenError('Missing or invalid CSRF token (send the x-csrf-token header)');
    }
    c.set('auth', {
      organizationId: found.user.organizationId,
      scopes: found.user.role === 'ADMIN' ? ['read', 'write', 'admin'] : ['read', 'write'],
      via: 'session',
      userId: found.user.id,
    });
    return next();
  }
  throw new UnauthorizedError('Missing API key: send it in the x-api-key header');
});

/** Reads need `read`, changes need `write`; routers that need more add `requireScope`. */
export const requireMethodScope = createMiddleware<AppEnv>(async (c, next) => {
  const needed: Scope = SAFE_METHODS.has(c.req.method) ? 'read' : 'write';
  assertScope(c.var.auth, needed);
  return next();
});

export const requireScope = (scope: Scope) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertScope(c.var.auth, scope);
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
