import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mastodonApps } from '../../../db/schema/mastodon-apps';
import { createTestApp } from '../../../test/test-app';
import { LiveHttpClient } from '../live-http';
import { memoryEnv } from '../test-kit/memory-env';
import { startReplayServer } from '../test-kit/replay-server';
import { MastodonApi } from './mastodon-api';
import { mastodonConnector } from './mastodon-connector';
import { mastodonServerOrigin } from './mastodon-credentials';
import { exchangeMastodonCode, mastodonAppFor, mastodonAuthorizeUrl } from './mastodon-oauth';

const { services } = await createTestApp();
const REDIRECT = 'https://desk.example/connect/callback';
let replay: Awaited<ReturnType<typeof startReplayServer>>;
// The replay server is on loopback: the development setting (WEBHOOK_ALLOW_PRIVATE) lets the SSRF guard reach it.
const http = new LiveHttpClient({ timeoutMs: 2_000, retries: 0, concurrencyPerAccount: 2, allowPrivateHosts: true });
const api = new MastodonApi({ http });

beforeAll(async () => {
  replay = await startReplayServer(fileURLToPath(new URL('./recordings', import.meta.url)));
});
afterAll(() => replay.close());

describe('Connecting a Mastodon account on any server', () => {
  it('registers our app on a server once, keeps its secret sealed, and trades the code for a token bound to the server', async () => {
    const server = mastodonServerOrigin(replay.url, { allowInsecureLoopback: true })!;
    replay.play('post-api-v1-apps.200');
    const app = await mastodonAppFor(services.db, services.secrets.platformTokens, api, { server, redirectUri: REDIRECT });
    // The next account on that server reuses the stored app: no second registration is queued or made.
    const again = await mastodonAppFor(services.db, services.secrets.platformTokens, api, { server, redirectUri: REDIRECT });
    expect(again).toEqual(app);
    const [row] = await services.db.select().from(mastodonApps).where(eq(mastodonApps.server, server));
    expect(row!.clientSecretEnc).not.toContain(app.clientSecret);

    const authorize = new URL(mastodonAuthorizeUrl(app, 'state-123'));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${server}/oauth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: app.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 'state-123',
      scope: 'read:accounts read:statuses write:statuses write:media write:favourites',
    });

    replay.play('post-oauth-token.200', 'get-api-v1-accounts-verify_credentials.200');
    const tokens = await exchangeMastodonCode(api, app, 'recorded-code');
    expect(tokens.refreshToken).toBeNull();
    const { profile } = await mastodonConnector({ http }).profile.fetch(memoryEnv(), tokens);
    expect(profile.attributes.server).toBe(server);
    expect(replay.mismatches).toEqual([]);
    expect(replay.unplayed()).toEqual([]);
  });

  it('replaces an app registered with fewer scopes than asked today (it could not grant favourites)', async () => {
    const origin = mastodonServerOrigin(replay.url, { allowInsecureLoopback: true })!;
    await services.db.delete(mastodonApps).where(eq(mastodonApps.server, origin));
    const sealed = services.secrets.platformTokens.seal('old-secret');
    await services.db.insert(mastodonApps).values({
      server: origin,
      redirectUri: REDIRECT,
      scopes: 'read:accounts read:statuses write:statuses write:media',
      clientId: 'old-client',
      clientSecretEnc: sealed,
    });
    replay.play('post-api-v1-apps.200');
    const app = await mastodonAppFor(services.db, services.secrets.platformTokens, api, { server: origin, redirectUri: REDIRECT });
    expect(app).toMatchObject({ clientId: 'TWhM-tNSuncnqN7DBJmoyeLnk6K3iJJ71KKXxgL1hPM', scopes: expect.stringContaining('write:favourites') });
    expect(replay.mismatches).toEqual([]);
    expect(replay.unplayed()).toEqual([]);
    const rows = await services.db.select().from(mastodonApps).where(eq(mastodonApps.server, origin));
    expect(rows.map((row) => row.clientId)).toEqual(['TWhM-tNSuncnqN7DBJmoyeLnk6K3iJJ71KKXxgL1hPM']);
  });

  it('accepts https servers by name or URL, and plain http only on loopback when allowed', () => {
    expect(mastodonServerOrigin('mastodon.social')).toBe('https://mastodon.social');
    expect(mastodonServerOrigin(' https://fosstodon.org/@me ')).toBe('https://fosstodon.org');
    expect(mastodonServerOrigin('http://mastodon.social')).toBeNull();
    expect(mastodonServerOrigin('http://127.0.0.1:3000')).toBeNull();
    expect(mastodonServerOrigin('http://127.0.0.1:3000', { allowInsecureLoopback: true })).toBe('http://127.0.0.1:3000');
    expect(mastodonServerOrigin('https://user:pw@evil.example')).toBeNull();
    expect(mastodonServerOrigin('not a url at all')).toBeNull();
  });
});
