import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/auth';
import { users } from '../db/schema/organizations';
import { createTestApp } from '../test/test-app';

const plain = await createTestApp({ env: { SESSION_IDLE_HOURS: '1', SESSION_TTL_HOURS: '48' } });
const https = await createTestApp({ env: { PUBLIC_URL: 'https://social.example.com' } });
type TestApp = typeof plain;

const logins = new Map<string, { email: string; password: string }>();

/** Signs the organization's ADMIN (or CUSTOMER) user in; a second call opens a second session. */
async function signIn(t: TestApp, organizationId: string, role: 'ADMIN' | 'CUSTOMER' = 'ADMIN') {
  const id = `${organizationId}/${role}`;
  const login = logins.get(id) ?? (await t.createLogin(organizationId, role));
  logins.set(id, login);
  const response = await t.request('POST', '/auth/login', { body: login });
  expect(response.status).toBe(200);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return { setCookie, cookie: setCookie.split(';')[0]!, csrf: response.json.csrfToken as string, body: response.json };
}

async function sessionRow(t: TestApp, userEmail: string) {
  const [user] = await t.services.db.select().from(users).where(eq(users.email, userEmail));
  const rows = await t.services.db.select().from(sessions).where(eq(sessions.userId, user!.id));
  return rows;
}

describe('session cookie', () => {
  it('is __Host- prefixed, Secure and host-only over https, and ignores an unprefixed (planted) cookie', async () => {
    const { organizationId } = await https.createOrg();
    const { setCookie, cookie } = await signIn(https, organizationId);
    expect(setCookie).toMatch(/^__Host-sd_session=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect((await https.request('GET', '/team', { headers: { cookie } })).status).toBe(200);
    const planted = cookie.replace(/^__Host-sd_session=/, 'sd_session=');
    expect((await https.request('GET', '/team', { headers: { cookie: planted } })).status).toBe(401);
  });

  it('stays unprefixed and not Secure on a plain-http address, where browsers refuse __Host-', async () => {
    const { organizationId } = await plain.createOrg();
    const { setCookie } = await signIn(plain, organizationId);
    expect(setCookie).toMatch(/^sd_session=/);
    expect(setCookie).not.toMatch(/Secure/i);
  });
});

describe('session lifetime', () => {
  it('ends after SESSION_IDLE_HOURS without a request, slides with use, and never outlives SESSION_TTL_HOURS', async () => {
    const { organizationId } = await plain.createOrg();
    const { cookie, body } = await signIn(plain, organizationId);
    const hour = 3600_000;
    expect(Math.abs(Date.parse(body.expiresAt) - (Date.now() + hour))).toBeLessThan(60_000);
    const [row] = await sessionRow(plain, body.user.email);

    // 50 idle minutes later a request slides the idle deadline a full hour ahead again.
    await plain.services.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(sessions.id, row!.id));
    expect((await plain.request('GET', '/team', { headers: { cookie } })).status).toBe(200);
    const [slid] = await sessionRow(plain, body.user.email);
    expect(slid!.expiresAt.getTime()).toBeGreaterThan(Date.now() + hour - 60_000);

    // Idle past the deadline: signed out.
    await plain.services.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row!.id));
    expect((await plain.request('GET', '/team', { headers: { cookie } })).status).toBe(401);

    // Busy all along but signed in more than SESSION_TTL_HOURS ago: signed out too.
    const second = await signIn(plain, organizationId);
    await plain.services.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '49 hours'`, expiresAt: new Date(Date.now() + 30 * 60_000) })
      .where(eq(sessions.userId, slid!.userId));
    expect((await plain.request('GET', '/auth/session', { headers: { cookie: second.cookie } })).status).toBe(401);
  });
});

describe('sign out', () => {
  it('ends the session only with its CSRF token, as every change made with the cookie', async () => {
    const { organizationId } = await plain.createOrg();
    const session = await signIn(plain, organizationId);

    // Another site's page can send the cookie, not the token: the session must survive it.
    const forged: Record<string, string>[] = [{ cookie: session.cookie }, { cookie: session.cookie, 'x-csrf-token': 'not-the-token' }];
    for (const headers of forged) {
      const refused = await plain.request('POST', '/auth/logout', { headers });
      expect(refused).toMatchObject({ status: 403, json: { statusCode: 403, message: expect.stringMatching(/CSRF/) } });
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect((await plain.request('GET', '/auth/session', { headers: { cookie: session.cookie } })).status).toBe(200);
    }

    const done = await plain.request('POST', '/auth/logout', { headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } });
    expect(done.status).toBe(204);
    expect(done.headers.get('set-cookie')).toMatch(/sd_session=;/);
    expect((await plain.request('GET', '/auth/session', { headers: { cookie: session.cookie } })).status).toBe(401);

    // A cookie whose session is over (or none) has nothing to protect: it is cleared without a token.
    const stale = await plain.request('POST', '/auth/logout', { headers: { cookie: session.cookie } });
    expect(stale.status).toBe(204);
    expect(stale.headers.get('set-cookie')).toMatch(/sd_session=;/);
    expect((await plain.request('POST', '/auth/logout')).status).toBe(204);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the user (with the CSRF token), and no one else’s', async () => {
    const { organizationId, key } = await plain.createOrg();
    const laptop = await signIn(plain, organizationId);
    const phone = await signIn(plain, organizationId);
    const colleague = await signIn(plain, organizationId, 'CUSTOMER');

    const noCsrf = await plain.request('POST', '/auth/logout-everywhere', { headers: { cookie: laptop.cookie } });
    expect(noCsrf.status).toBe(403);
    const withKey = await plain.request('POST', '/auth/logout-everywhere', { key });
    expect(withKey).toMatchObject({ status: 403, json: { statusCode: 403 } });

    const done = await plain.request('POST', '/auth/logout-everywhere', { headers: { cookie: laptop.cookie, 'x-csrf-token': laptop.csrf } });
    expect(done.status).toBe(204);
    expect(done.headers.get('set-cookie')).toMatch(/sd_session=;/);
    expect((await plain.request('GET', '/team', { headers: { cookie: laptop.cookie } })).status).toBe(401);
    expect((await plain.request('GET', '/team', { headers: { cookie: phone.cookie } })).status).toBe(401);
    expect((await plain.request('GET', '/team', { headers: { cookie: colleague.cookie } })).status).toBe(200);
  });
});

describe('security headers', () => {
  it('sends CSP, frame, referrer and content-type headers on the API and the docs; HSTS only over https', async () => {
    const { key } = await plain.createOrg();
    const api = await plain.request('GET', '/team', { key });
    const csp = api.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('strict-transport-security')).toBeNull();
    expect(api.headers.get('ratelimit')).toMatch(/"burst";r=\d+/);
    // Error answers carry them too, whichever layer refused the request.
    const missing = await plain.request('GET', '/post/post_missing', { key });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    expect(missing.headers.get('ratelimit')).toMatch(/"burst";r=\d+/);
    const anonymous = await plain.request('GET', '/team');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-frame-options')).toBe('DENY');
    const tooBig = await plain.app.request('/api/v1/team', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': String(2_000_000) },
      body: 'x'.repeat(2_000_000),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('content-security-policy')).toContain("default-src 'none'");

    const docs = await plain.app.request('/docs');
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await docs.text();
    // Every script of the reference page is a file of this origin, which the policy allows.
    expect(html).not.toMatch(/<script>/);
    for (const src of html.matchAll(/<script src="([^"]+)"/g)) expect((await plain.app.request(src[1]!)).status, src[1]).toBe(200);

    const secured = await https.app.request('/api/v1/openapi.json');
    expect(secured.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    // Pages with a stricter policy of their own keep it.
    const consent = await plain.app.request('/sandbox/connect/unknown');
    expect(consent.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
