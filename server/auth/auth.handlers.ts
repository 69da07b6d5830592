import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import type { Executor } from '../db/client';
import { latestEventId } from '../live/event-cursor';
import { createRouter } from '../http/create-router';
import { ForbiddenError, UnauthorizedError } from '../http/errors';
import { clientAddress } from '../http/rate-limit';
import { toOrganizationDto } from '../organizations/organizations.service';
import { getOrganization } from '../organizations/organizations.service';
import { getSessionRoute, loginRoute, logoutEverywhereRoute, logoutRoute } from './auth.routes';
import { assertCsrfToken } from './authenticate';
import { SESSION_COOKIE, sessionCookieSecure, sessionTokenFrom } from './credentials';
import { verifyPassword } from './secrets';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  findSession,
  findUserByEmail,
  sessionPolicy,
  touchSession,
  type UserRecord,
} from './sessions.service';

// Spent on unknown emails too, so response time does not tell which emails have accounts.
const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86);

async function sessionBody(db: Executor, user: UserRecord, organization: Parameters<typeof toOrganizationDto>[0], csrfToken: string, expiresAt: Date) {
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, role: user.role },
    // A signed-in user exists, so the organization has its first user as creator.
    organization: { ...toOrganizationDto(organization), createdById: organization.createdById ?? user.id },
    csrfToken,
    expiresAt: expiresAt.toISOString(),
    // Read before the page reads its data, so events after it reach the page through its stream.
    eventCursor: await latestEventId(db, organization.id),
  };
}

function clearSessionCookie(c: Context<AppEnv>) {
  if (sessionCookieSecure(c)) deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, prefix: 'host' });
  else deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

/** Sign-in routes are public; the session route and logout authenticate themselves by cookie. */
export const authRouter = createRouter({ idempotent: false });
authRouter.openapi(loginRoute, async (c) => {
  const { db, config } = c.var.services;
  const { email, password } = c.req.valid('json');
  // Counted per address and per email before the (deliberately slow) password check.
  const attempt = await c.var.services.rateLimiter.login.attempt(clientAddress(c), email);
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) throw new UnauthorizedError('Wrong email or password');
  await attempt.succeeded();
  const session = await createSession(db, { userId: user.id, policy: sessionPolicy(config) });
  // The cookie may outlive an idle session; the server's deadline is what counts.
  const cookie = { httpOnly: true, sameSite: 'Lax', path: '/', expires: session.absoluteExpiresAt } as const;
  if (sessionCookieSecure(c)) setCookie(c, SESSION_COOKIE, session.token, { ...cookie, secure: true, prefix: 'host' });
  else setCookie(c, SESSION_COOKIE, session.token, cookie);
  const organization = await getOrganization(db, user.organizationId);
  return c.json(await sessionBody(db, user, organization, session.csrfToken, session.expiresAt), 200);
});
authRouter.openapi(getSessionRoute, async (c) => {
  const token = sessionTokenFrom(c);
  const { db, config } = c.var.services;
  const found = token ? await findSession(db, token, sessionPolicy(config)) : undefined;
  if (!found) throw new UnauthorizedError('Not signed in');
  await touchSession(db, found.session, sessionPolicy(config));
  return c.json(await sessionBody(db, found.user, found.organization, found.session.csrfToken, found.session.expiresAt), 200);
});
authRouter.openapi(logoutRoute, async (c) => {
  const token = sessionTokenFrom(c);
  const { db, config } = c.var.services;
  // Ending a live session is a change like any other: another site's page must not sign the
  // user out. A cookie whose session is already over is only cleared.
  const found = token ? await findSession(db, token, sessionPolicy(config)) : undefined;
  if (found) {
    assertCsrfToken(c, found.session);
    await deleteSession(db, token!);
  }
  clearSessionCookie(c);
  return c.body(null, 204);
});

/** Session routes that need a signed-in user (and, being changes, the CSRF token): after `authenticate`. */
export const signedInSessionRouter = createRouter();
signedInSessionRouter.openapi(logoutEverywhereRoute, async (c) => {
  const { userId, via } = c.var.auth;
  if (via !== 'session' || !userId) throw new ForbiddenError('Signing out everywhere needs a dashboard session, not an API key');
  await deleteUserSessions(c.var.services.db, userId);
  clearSessionCookie(c);
  return c.body(null, 204);
});
