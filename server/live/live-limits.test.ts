import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/auth';
import { createTestApp } from '../test/test-app';
import { readServerSentEvents } from '../test/sse-reader';

const t = await createTestApp({ env: { LIVE_STREAMS_PER_CREDENTIAL: '2', LIVE_STREAMS_PER_ORGANIZATION: '3', SESSION_TTL_HOURS: '2' } });
const open: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of open) await close();
});

/** Opens a stream and reads its messages; `null` once the server closed it (or on timeout). */
async function connect(headers: Record<string, string>) {
  const response = await t.app.request('/api/v1/events/stream', { headers });
  if (response.status !== 200) return { response, next: async () => null, close: async () => {} };
  const stream = readServerSentEvents(response);
  open.push(stream.close);
  return { response, next: stream.next, close: stream.close };
}

async function signIn(organizationId: string) {
  const login = await t.createLogin(organizationId);
  const response = await t.request('POST', '/auth/login', { body: login });
  return { cookie: response.headers.get('set-cookie')!.split(';')[0]!, csrf: response.json.csrfToken as string, login };
}

/** The stream ends with an `end` message naming why, then closes. */
async function expectEnded(stream: Awaited<ReturnType<typeof connect>>, reason: RegExp) {
  let message = await stream.next();
  while (message && message.event !== 'end') message = await stream.next();
  expect(message).toMatchObject({ event: 'end' });
  expect(JSON.parse(message!.data!).reason).toMatch(reason);
  expect(await stream.next(2000)).toBeNull();
}

describe('event streams end with their credentials', () => {
  it('closes a stream when its API key is revoked', async () => {
    const org = await t.createOrg();
    const made = await t.request('POST', '/api-keys', { key: org.key, body: { name: 'stream' } });
    const stream = await connect({ 'x-api-key': made.json.key });
    expect(await stream.next()).toMatchObject({ event: 'ready' });
    expect((await t.request('DELETE', `/api-keys/${made.json.id}`, { key: org.key })).status).toBe(200);
    await expectEnded(stream, /revoked/);
  });

  it('closes a session stream at logout, and every stream of the user at sign out everywhere', async () => {
    const org = await t.createOrg();
    const first = await signIn(org.organizationId);
    const stream = await connect({ cookie: first.cookie });
    expect(await stream.next()).toMatchObject({ event: 'ready' });
    await t.request('POST', '/auth/logout', { headers: { cookie: first.cookie, 'x-csrf-token': first.csrf } });
    await expectEnded(stream, /session ended/);

    const second = await t.request('POST', '/auth/login', { body: first.login });
    const cookie = second.headers.get('set-cookie')!.split(';')[0]!;
    const other = await connect({ cookie });
    expect(await other.next()).toMatchObject({ event: 'ready' });
    await t.request('POST', '/auth/logout-everywhere', { headers: { cookie, 'x-csrf-token': second.json.csrfToken } });
    await expectEnded(other, /session ended/);
  });

  it('closes a session stream when the session expires', async () => {
    const org = await t.createOrg();
    const { cookie } = await signIn(org.organizationId);
    // Signed in almost SESSION_TTL_HOURS ago: the absolute deadline is two seconds away.
    await t.services.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '2 hours' + interval '2 seconds'`, expiresAt: sql`now() + interval '2 seconds'` })
      .where(eq(sessions.csrfToken, (await t.request('GET', '/auth/session', { headers: { cookie } })).json.csrfToken));
    const stream = await connect({ cookie });
    expect(await stream.next()).toMatchObject({ event: 'ready' });
    await expectEnded(stream, /session ended/);
  });
});

describe('event stream caps', () => {
  it('answers 429 past the streams allowed per key and per organization, and frees a slot on close', async () => {
    const org = await t.createOrg();
    const second = await t.request('POST', '/api-keys', { key: org.key, body: { name: 'second' } });
    const third = await t.request('POST', '/api-keys', { key: org.key, body: { name: 'third' } });
    const a1 = await connect({ 'x-api-key': org.key });
    const a2 = await connect({ 'x-api-key': org.key });
    expect([a1.response.status, a2.response.status]).toEqual([200, 200]);
    const a3 = await connect({ 'x-api-key': org.key });
    expect(a3.response.status).toBe(429);
    expect(a3.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await a3.response.json()).toMatchObject({ statusCode: 429, message: expect.stringMatching(/per API key or session/) });

    const b1 = await connect({ 'x-api-key': second.json.key });
    expect(b1.response.status).toBe(200);
    const c1 = await connect({ 'x-api-key': third.json.key });
    expect(c1.response.status).toBe(429);
    expect(await c1.response.json()).toMatchObject({ message: expect.stringMatching(/per organization/) });
    // Another organization is not held back by this one.
    const elsewhere = await t.createOrg();
    expect((await connect({ 'x-api-key': elsewhere.key })).response.status).toBe(200);

    await a1.close();
    let retried = await connect({ 'x-api-key': third.json.key });
    for (let i = 0; i < 20 && retried.response.status === 429; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      retried = await connect({ 'x-api-key': third.json.key });
    }
    expect(retried.response.status).toBe(200);
  });
});
