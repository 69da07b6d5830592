import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { startReplayServer } from '../test-kit/replay-server';

/**
 * Naming the Mastodon server (decision 063): in the connect API's `serverUrl`, or on the form our
 * connect page shows when there is none (the dashboard, the portal). Either way the server goes
 * through the SSRF guard before anything is sent to it: private, loopback and link-local
 * addresses are refused unless the development setting (WEBHOOK_ALLOW_PRIVATE) opens the first
 * two, which the replay server on 127.0.0.1 needs.
 */
const replay = await startReplayServer(fileURLToPath(new URL('./recordings', import.meta.url)));
afterAll(() => replay.close());
afterEach(() => replay.reset());
const live = { LIVE_PLATFORMS: 'MASTODON', PUBLIC_URL: 'https://desk.example' };
const guarded = await createTestApp({ env: live });
const dev = await createTestApp({ env: { ...live, WEBHOOK_ALLOW_PRIVATE: 'true' } });
const port = new URL(replay.url).port;

type App = typeof guarded;

async function connect(t: App, serverUrl?: string) {
  const { key, teamId } = await t.createOrg();
  const started = await t.request('POST', '/social-account/connect', {
    key,
    body: { teamId, type: 'MASTODON', redirectUrl: 'https://app.example.com/accounts', ...(serverUrl ? { serverUrl } : {}) },
  });
  return { key, teamId, started, path: started.status === 200 ? new URL(started.json.url as string).pathname : '' };
}

const post = (t: App, path: string, form: Record<string, string>) => t.app.request(path, { method: 'POST', body: new URLSearchParams(form) });

describe('Mastodon servers a person names go through the SSRF guard', () => {
  it('answers 400 to a connect naming a loopback, link-local or privately resolving server, and sends nothing', async () => {
    const refused = {
      'https://127.0.0.1': /loopback/,
      [`https://127.0.0.1:${port}`]: /loopback/,
      'http://169.254.169.254': /Mastodon server/,
      'https://169.254.169.254/latest/meta-data': /linkLocal/,
      [`https://localhost:${port}`]: /loopback/,
      'https://10.0.0.8': /private/,
    };
    for (const [serverUrl, reason] of Object.entries(refused)) {
      const { started } = await connect(guarded, serverUrl);
      expect(started.status, serverUrl).toBe(400);
      expect(started.json.message).toMatch(/^serverUrl: /);
      expect(started.json.message).toMatch(reason);
    }
    expect(replay.requests).toEqual([]);
  });

  it('refuses link-local even in development, where loopback is allowed', async () => {
    const { started } = await connect(dev, 'https://169.254.169.254');
    expect(started.status).toBe(400);
    expect(started.json.message).toContain('linkLocal');
    expect((await connect(dev, replay.url)).started.status).toBe(200);
    expect(replay.requests).toEqual([]);
  });

  it('refuses on the connect page too, keeping the link usable', async () => {
    const { path } = await connect(guarded);
    for (const [server, reason] of [
      ['127.0.0.1', 'loopback'],
      ['localhost', 'loopback'],
      ['169.254.169.254', 'linkLocal'],
      ['http://mastodon.social', 'Enter the address of a Mastodon server'],
      ['   ', 'Enter the server your account is on'],
    ] as const) {
      const page = await post(guarded, path, { decision: 'approve', server });
      expect(page.status, server).toBe(400);
      const text = await page.text();
      expect(text).toContain('role="alert"');
      expect(text).toContain(reason);
    }
    expect((await guarded.app.request(path)).status).toBe(200);
    expect(replay.requests).toEqual([]);
  });
});

describe('Connecting Mastodon without serverUrl (the dashboard, the portal)', () => {
  it('asks for the server, then sends the person to its consent page and connects on the way back', async () => {
    const { key, teamId, started, path } = await connect(dev);
    expect(started.status).toBe(200);
    const form = await dev.app.request(path);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('<label for="server"><strong>Your Mastodon server</strong></label>');
    expect(html).toContain('placeholder="mastodon.social"');
    expect(html).toContain('<form method="post">');

    // What the person types is normalised to the server's origin; our app is registered there first.
    replay.play('post-api-v1-apps.200');
    const toConsent = await post(dev, path, { decision: 'approve', server: ` ${replay.url}/@ada ` });
    expect(toConsent.status).toBe(302);
    const consent = new URL(toConsent.headers.get('location')!);
    expect(`${consent.origin}${consent.pathname}`).toBe(`${replay.url}/oauth/authorize`);
    expect(consent.searchParams.get('state')).toBe(path.split('/').pop());
    expect(consent.searchParams.get('redirect_uri')).toBe('https://desk.example/connect/callback');

    // The chosen server is kept with the session: the callback trades the code there.
    replay.play('post-oauth-token.200', 'get-api-v1-accounts-verify_credentials.200');
    const back = await dev.app.request(`/connect/callback?state=${consent.searchParams.get('state')}&code=recorded-code`);
    expect(back.status).toBe(302);
    expect(new URL(back.headers.get('location')!).searchParams.get('status')).toBe('success');
    const account = (await dev.request('GET', `/social-account/by-type?teamId=${teamId}&type=MASTODON`, { key })).json;
    expect(account).toMatchObject({ username: 'ada', mode: 'live', mastodonServerId: expect.stringMatching(/^mst_/) });
    expect(replay.mismatches).toEqual([]);
    expect(replay.unplayed()).toEqual([]);
  });

  it('goes back to the app when the person cancels', async () => {
    const { path } = await connect(dev);
    const cancelled = await post(dev, path, { decision: 'deny' });
    expect(cancelled.status).toBe(302);
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
    expect((await dev.app.request(path)).status).toBe(410);
  });

  it('tells the app apart a server that answers with an error instead of a code, from a refusal', async () => {
    for (const [answered, expected] of [
      ['temporarily_unavailable', 'temporarily_unavailable'],
      ['server_error', 'server_error'],
      ['invalid_scope', 'server_error'],
    ] as const) {
      const { path } = await connect(dev, replay.url);
      const back = await dev.app.request(`/connect/callback?state=${path.split('/').pop()}&error=${answered}`);
      expect(back.status).toBe(302);
      const outcome = new URL(back.headers.get('location')!).searchParams;
      expect(outcome.get('status')).toBe('error');
      expect(outcome.get('error')).toBe(expected);
      expect((await dev.app.request(path)).status).toBe(410);
    }
    expect(replay.requests).toEqual([]);
  });

  it('shows only our words when the server answers with an error, never its body', async () => {
    // Another name for the replay server, where our app is not registered yet.
    const server = replay.url.replace('127.0.0.1', 'localhost');
    const { path } = await connect(dev, server);
    // Nothing queued: the replay server answers 599 with a text of its own.
    const page = await dev.app.request(path);
    expect(page.status).toBe(502);
    const text = await page.text();
    expect(text).toContain('Cannot reach the platform');
    expect(text).toContain(`${new URL(server).host} answered HTTP 599`);
    expect(text).not.toContain('no recorded exchange');
    // The form lets the person try again or name another server.
    expect(text).toContain(`value="${server}"`);
    expect(replay.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/v1/apps']);
  });
});
