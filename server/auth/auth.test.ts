import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

const t = await createTestApp();

function cookieFrom(headers: Headers): string {
  const setCookie = headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0]!;
}

describe('API keys', () => {
  it('answers 401 without a key, with an unknown key and with a revoked key', async () => {
    const { key } = await t.createOrg();
    const none = await t.request('GET', '/team');
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ statusCode: 401, message: 'Missing API key: send it in the x-api-key header' });
    expect((await t.request('GET', '/team', { key: 'sk_not-a-real-key' })).status).toBe(401);
    expect((await t.request('GET', '/team', { key: 'garbage' })).json.statusCode).toBe(401);

    const created = await t.request('POST', '/api-keys', { key, body: { name: 'temporary' } });
    expect(created.status).toBe(201);
    const temporary = created.json.key as string;
    expect((await t.request('GET', '/team', { key: temporary })).status).toBe(200);
    expect((await t.request('DELETE', `/api-keys/${created.json.id}`, { key })).json.revokedAt).toEqual(expect.any(String));
    const revoked = await t.request('GET', '/team', { key: temporary });
    expect(revoked.status).toBe(401);
    expect(revoked.json.message).toMatch(/revoked/);
  });

  it('accepts the key as a bearer token too', async () => {
    const { key } = await t.createOrg();
    const response = await t.request('GET', '/organization', { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
  });

  it('answers 403 when a key lacks the scope for the operation', async () => {
    const { key } = await t.createOrg();
    const readOnly = (await t.request('POST', '/api-keys', { key, body: { name: 'reader', scopes: ['read'] } })).json.key;
    expect((await t.request('GET', '/team', { key: readOnly })).status).toBe(200);
    const write = await t.request('POST', '/team', { key: readOnly, body: { name: 'Not allowed' } });
    expect(write.status).toBe(403);
    expect(write.json).toEqual({ statusCode: 403, message: "This API key lacks the 'write' scope" });

    const writer = (await t.request('POST', '/api-keys', { key, body: { name: 'writer' } })).json;
    expect(writer.scopes).toEqual(['read', 'write']);
    const manage = await t.request('GET', '/api-keys', { key: writer.key });
    expect(manage.status).toBe(403);
    expect(manage.json.message).toMatch(/'admin' scope/);
  });

  it('shows a key once, lists it without the secret, and keeps keys per organization', async () => {
    const mine = await t.createOrg();
    const theirs = await t.createOrg();
    const created = await t.request('POST', '/api-keys', { key: mine.key, body: { name: 'CI publisher', scopes: ['read', 'write'] } });
    expect(created.json).toMatchObject({ name: 'CI publisher', scopes: ['read', 'write'], revokedAt: null });
    expect(created.json.key).toMatch(/^sk_/);
    expect(created.json.prefix).toBe(created.json.key.slice(0, 10));

    const list = await t.request('GET', '/api-keys', { key: mine.key });
    expect(list.json.total).toBe(2);
    expect(JSON.stringify(list.json)).not.toContain(created.json.key);
    expect(list.json.items[0]).not.toHaveProperty('key');

    const foreign = await t.request('DELETE', `/api-keys/${created.json.id}`, { key: theirs.key });
    expect(foreign.status).toBe(404);
    expect((await t.request('GET', '/team', { key: created.json.key })).status).toBe(200);
  });

  it('validates key creation with zod issue codes', async () => {
    const { key } = await t.createOrg();
    const badScope = await t.request('POST', '/api-keys', { key, body: { name: 'x', scopes: ['root'] } });
    expect(badScope.status).toBe(400);
    expect(badScope.json.issues[0]).toMatchObject({ code: 'invalid_enum_value', path: ['scopes', 0] });
    const empty = await t.request('POST', '/api-keys', { key, body: { name: '' } });
    expect(empty.json.issues[0]).toMatchObject({ code: 'too_small', path: ['name'] });
  });
});

describe('dashboard sessions', () => {
  it('signs in with email and password, uses the same API routes, and signs out', async () => {
    const { organizationId } = await t.createOrg();
    const login = await t.createLogin(organizationId);

    const wrong = await t.request('POST', '/auth/login', { body: { email: login.email, password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe('Wrong email or password');
    const unknown = await t.request('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'x' } });
    expect(unknown.json.message).toBe('Wrong email or password');

    const ok = await t.request('POST', '/auth/login', { body: { email: login.email.toUpperCase(), password: login.password } });
    expect(ok.status).toBe(200);
    const setCookie = ok.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(ok.json.organization.id).toBe(organizationId);
    const cookie = cookieFrom(ok.headers);
    const csrf = ok.json.csrfToken as string;

    const session = await t.request('GET', '/auth/session', { headers: { cookie } });
    expect(session.json.user.email).toBe(login.email);
    expect((await t.request('GET', '/team', { headers: { cookie } })).status).toBe(200);

    const withoutCsrf = await t.request('POST', '/team', { headers: { cookie }, body: { name: 'From dashboard' } });
    expect(withoutCsrf.status).toBe(403);
    expect(withoutCsrf.json.message).toMatch(/CSRF/);
    const withCsrf = await t.request('POST', '/team', { headers: { cookie, 'x-csrf-token': csrf }, body: { name: 'From dashboard' } });
    expect(withCsrf.status).toBe(200);
    const keys = await t.request('POST', '/api-keys', { headers: { cookie, 'x-csrf-token': csrf }, body: { name: 'made in UI' } });
    expect(keys.status).toBe(201);

    const logout = await t.request('POST', '/auth/logout', { headers: { cookie, 'x-csrf-token': csrf } });
    expect(logout.status).toBe(204);
    expect((await t.request('GET', '/team', { headers: { cookie } })).status).toBe(401);
    expect((await t.request('GET', '/auth/session', { headers: { cookie } })).status).toBe(401);
  });

  it('gives CUSTOMER users no key management', async () => {
    const { organizationId } = await t.createOrg();
    const login = await t.createLogin(organizationId, 'CUSTOMER');
    const ok = await t.request('POST', '/auth/login', { body: login });
    const cookie = cookieFrom(ok.headers);
    const denied = await t.request('GET', '/api-keys', { headers: { cookie } });
    expect(denied.status).toBe(403);
    expect(denied.json.message).toMatch(/Your role does not allow this/);
    expect((await t.request('GET', '/team', { headers: { cookie } })).status).toBe(200);
  });

  it('validates the login body', async () => {
    const response = await t.request('POST', '/auth/login', { body: { email: 'not-an-email' } });
    expect(response.status).toBe(400);
    expect(response.json.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual(['email', 'password']);
  });
});
