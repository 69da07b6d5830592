import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { createRouter } from '../http/create-router';
import { UnauthorizedError } from '../http/errors';
import { toOrganizationDto } from '../organizations/organizations.service';
import { getOrganization } from '../organizations/organizations.service';
import { getSessionRoute, loginRoute, logoutRoute } from './auth.routes';
import { SESSION_COOKIE, sessionTokenFrom } from './credentials';
import { verifyPassword } from './secrets';
import { createSession, deleteSession, findSession, findUserByEmail, type UserRecord } from './sessions.service';

// Spent on unknown emails too, so response time does not tell which emails have accounts.
const DUMMY_HASH = 'scrypt$131072$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86);

function sessionBody(user: UserRecord, organization: Parameters<typeof toOrganizationDto>[0], csrfToken: string, expiresAt: Date) {
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, role: user.role },
    organization: toOrganizationDto(organization),
    csrfToken,
    expiresAt: expiresAt.toISOString(),
  };
}

function isHttps(c: Context<AppEnv>) {
  return c.var.services.config.publicUrl.startsWith('https://');
}

/** Sign-in routes are public; the session route and logout authenticate themselves by cookie. */
export const authRouter = createRouter()
  .openapi(loginRoute, async (c) => {
    const { db, config } = c.var.services;
    const { email, password } = c.req.valid('json');
    const user = await findUserByEmail(db, email);
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid) throw new UnauthorizedError('Wrong email or password');
    const session = await createSession(db, { userId: user.id, ttlHours: config.SESSION_TTL_HOURS });
    setCookie(c, SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      path: '/',
      expires: session.expiresAt,
    });
    const organization = await getOrganization(db, user.organizationId);
    return c.json(sessionBody(user, organization, session.csrfToken, session.expiresAt), 200);
  })
  .openapi(getSessionRoute, async (c) => {
    const token = sessionTokenFrom(c);
    const found = token ? await findSession(c.var.services.db, token) : undefined;
    if (!found) throw new UnauthorizedError('Not signed in');
    return c.json(sessionBody(found.user, found.organization, found.session.csrfToken, found.session.expiresAt), 200);
  })
  .openapi(logoutRoute, async (c) => {
    const token = sessionTokenFrom(c);
    if (token) await deleteSession(c.var.services.db, token);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  });
