import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

/**
 * Instagram, Facebook and Threads fetch a post's media from our signed URLs under PUBLIC_URL: the
 * operator hears it in `/readyz` and the dashboard's connect card when those platforms are live and
 * PUBLIC_URL is an address they cannot reach. Nothing here calls Meta: the apps are never used.
 */
const META_APPS = {
  META_APP_ID: '1234567890123456',
  META_APP_SECRET: 'meta-app-secret',
  INSTAGRAM_APP_ID: '9876543210987654',
  INSTAGRAM_APP_SECRET: 'instagram-app-secret',
  THREADS_APP_ID: '5556667778889990',
  THREADS_APP_SECRET: 'threads-app-secret',
};

describe('PUBLIC_URL reachable by the platforms that fetch media', () => {
  it('warns in /readyz and on the connect card when it is a loopback address, without withholding readiness', async () => {
    const t = await createTestApp({ env: { LIVE_PLATFORMS: 'INSTAGRAM,THREADS,BLUESKY', PUBLIC_URL: 'http://127.0.0.1:3000', ...META_APPS } });
    const readyz = await t.app.request('/readyz');
    const body = await readyz.json();
    expect(readyz.status).toBe(200);
    expect(body.checks.publicUrl).toEqual({
      ok: true,
      url: 'http://127.0.0.1:3000',
      fetchedBy: ['INSTAGRAM', 'THREADS'],
      warning:
        'PUBLIC_URL (http://127.0.0.1:3000) is 127.0.0.1, a loopback address, so Instagram and Threads cannot fetch the media of your posts and publishing them fails. Set PUBLIC_URL to this service’s public https address.',
    });
    const { key } = await t.createOrg();
    const offered = await t.request('GET', '/social-account/platforms', { key });
    expect(offered.json.mediaFetchWarning).toBe(body.checks.publicUrl.warning);
  });

  it.each([
    ['a private address', 'http://192.168.1.20:3000', 'is 192.168.1.20, a private address'],
    ['a name only the local network knows', 'http://desk.local', 'names a host only this network knows'],
    ['a name without a domain', 'http://socialdesk:3000', 'names a host without a domain'],
  ])('names %s', async (_, url, problem) => {
    const t = await createTestApp({ env: { LIVE_PLATFORMS: 'FACEBOOK', PUBLIC_URL: url, ...META_APPS } });
    const { key } = await t.createOrg();
    const offered = await t.request('GET', '/social-account/platforms', { key });
    expect(offered.json.mediaFetchWarning).toContain(`PUBLIC_URL (${url}) ${problem}`);
    expect(offered.json.mediaFetchWarning).toContain('Facebook cannot fetch');
  });

  it('says nothing for a public address, or when no live platform fetches media', async () => {
    const t = await createTestApp({ env: { LIVE_PLATFORMS: 'INSTAGRAM', PUBLIC_URL: 'https://93.184.215.14', ...META_APPS } });
    expect((await (await t.app.request('/readyz')).json()).checks.publicUrl).toMatchObject({ ok: true, warning: null });
    const sandboxOnly = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:3000' } });
    expect((await (await sandboxOnly.app.request('/readyz')).json()).checks.publicUrl).toBeUndefined();
    const { key } = await sandboxOnly.createOrg();
    expect((await sandboxOnly.request('GET', '/social-account/platforms', { key })).json.mediaFetchWarning).toBeNull();
  });
});
