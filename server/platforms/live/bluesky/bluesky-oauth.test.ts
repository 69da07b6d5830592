import { TestNetworkNoAppView } from '@atproto/dev-env';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { socialAccounts } from '../../../db/schema/social-accounts';
import { sandboxConnectSessions } from '../../../db/schema/sandbox';
import { postJobs } from '../../../posts/posts.jobs';
import { createTestApp } from '../../../test/test-app';
import { JoseKey } from '@atproto/oauth-client-node';
import { createBlueskyOAuthClient } from './bluesky-oauth-client';
import { readBlueskyOAuthToken, type BlueskyOAuthToken } from './bluesky-oauth-token';
import { createPdsAccount, createPostNow, recordsOnPds, settled, waitForPost } from './bluesky-test-kit';
import { answerOnPds } from './pds-consent';

/**
 * Bluesky OAuth (decision 065) against a real PDS and its OAuth provider (`@atproto/dev-env`): the
 * person types a handle on our page, answers on the PDS's authorization page, comes back to our
 * callback; the account then publishes with DPoP-bound tokens, refreshes them, and a revoked
 * session asks for a reconnect. SocialDesk is the atproto loopback client here (PUBLIC_URL is http).
 */
const network = await TestNetworkNoAppView.create({});
afterAll(() => network.close());

const t = await createTestApp({
  work: true,
  workOnly: [...postJobs],
  env: { LIVE_PLATFORMS: 'BLUESKY', BLUESKY_SERVICE_URL: network.pds.url, BLUESKY_PLC_URL: network.plc.url, PUBLISH_RETRY_BASE_SECONDS: '0.5' },
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(fields),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function startConnect(key: string, teamId: string) {
  const started = await t.request('POST', '/social-account/connect', {
    key,
    body: { teamId, type: 'BLUESKY', redirectUrl: 'https://app.example.com/accounts' },
  });
  expect(started.status).toBe(200);
  return new URL(started.json.url as string).pathname;
}

/** Handle on our page, then the PDS's page, then our callback: answers where the callback sends the person. */
async function connectWithOAuth(key: string, teamId: string, person: { handle: string }, decision: 'approve' | 'deny' = 'approve') {
  const path = await startConnect(key, teamId);
  const toServer = await t.app.request(path, form({ step: 'handle', decision: 'approve', handle: `@${person.handle}` }));
  expect(toServer.status).toBe(302);
  const authorizeUrl = toServer.headers.get('location')!;
  expect(authorizeUrl.startsWith(`${network.pds.url}/oauth/authorize?`)).toBe(true);
  const callback = new URL(await answerOnPds(authorizeUrl, { username: person.handle, password: 'main-password', decision }));
  expect(callback.pathname).toBe('/connect/callback');
  const back = await t.app.request(`${callback.pathname}${callback.search}`);
  return { path, callback, back, location: back.headers.get('location'), clientId: new URL(authorizeUrl).searchParams.get('client_id')! };
}

async function storedToken(accountId: string) {
  const [row] = await t.services.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  const vault = t.services.secrets.platformTokens;
  return {
    row: row!,
    token: readBlueskyOAuthToken(vault.open(row!.accessTokenEnc))!,
    refreshToken: row!.refreshTokenEnc ? vault.open(row!.refreshTokenEnc) : null,
  };
}

async function publish(key: string, teamId: string, text: string) {
  return waitForPost(t, key, await createPostNow(t, key, { teamId, title: text, type: 'BLUESKY', data: { text } }), settled);
}

describe('Bluesky OAuth on a real PDS', { timeout: 120_000 }, () => {
  it('asks for the handle first, with the app password one link away', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const path = await startConnect(key, teamId);
    const page = await t.app.request(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('<label for="handle">');
    expect(html).toContain(`href="${path}?with=app-password"`);
    const appPassword = await t.app.request(`${path}?with=app-password`);
    const appPasswordHtml = await appPassword.text();
    expect(appPasswordHtml).toContain('App password');
    expect(appPasswordHtml).toContain('Log in on your server instead');
  });

  it('connects through the PDS authorization page, publishes with DPoP, refreshes, and asks for a reconnect once revoked', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const person = await createPdsAccount(network, 'oauth');
    const { back, location, callback } = await connectWithOAuth(key, teamId, person);
    expect(back.status).toBe(302);
    const outcome = new URL(location!);
    expect(outcome.origin + outcome.pathname).toBe('https://app.example.com/accounts');
    expect(outcome.searchParams.get('status')).toBe('success');
    const accountId = outcome.searchParams.get('socialAccountId')!;
    const account = (await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=BLUESKY`, { key })).json;
    expect(account).toMatchObject({ id: accountId, mode: 'live', username: person.handle, externalId: person.did });

    // The tokens are DPoP-bound, with their key sealed beside them; the session is used up.
    const first = await storedToken(accountId);
    expect(first.token).toMatchObject({ kind: 'oauth', sub: person.did, aud: `${network.pds.url}/`, iss: network.pds.url });
    expect(first.token.dpopKey).toHaveProperty('d');
    const replay = await t.app.request(`${callback.pathname}${callback.search}`);
    expect(replay.status).toBe(410);

    const posted = await publish(key, teamId, 'Published with an OAuth token');
    expect(posted.status).toBe('POSTED');
    const records = await recordsOnPds(network, person.did);
    expect(records.map((record) => record.value.text)).toContain('Published with an OAuth token');

    // A token about to expire is refreshed first (through credentials.ts), and the next post uses the new one.
    await t.services.db
      .update(socialAccounts)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(socialAccounts.id, accountId));
    const again = await publish(key, teamId, 'Published after a refresh');
    expect(again.status).toBe('POSTED');
    const second = await storedToken(accountId);
    expect(second.token.accessToken).not.toBe(first.token.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.token.dpopKey).toEqual(first.token.dpopKey);
    expect((await recordsOnPds(network, person.did)).map((record) => record.value.text)).toContain('Published after a refresh');

    // The person signs SocialDesk out on their server: the refresh is refused, the account needs reconnecting.
    await revokeOnPds(second.token, second.refreshToken!);
    await t.services.db
      .update(socialAccounts)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(socialAccounts.id, accountId));
    const refused = await publish(key, teamId, 'Never published');
    expect(refused.status).toBe('ERROR');
    const verbose = (await t.request('GET', `/post/${refused.id}?errorsVerbose=true`, { key })).json;
    expect(JSON.stringify(verbose)).toContain('ACCESS_REVOKED');
  });

  it('a refusal on the consent page goes back to the app as access_denied, nothing connected', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const person = await createPdsAccount(network, 'deny');
    const { back, location, path } = await connectWithOAuth(key, teamId, person, 'deny');
    expect(back.status).toBe(302);
    const outcome = new URL(location!);
    expect(outcome.searchParams.get('status')).toBe('error');
    expect(outcome.searchParams.get('error')).toBe('access_denied');
    const accounts = (await t.request('GET', `/team/${teamId}`, { key })).json.socialAccounts;
    expect(accounts).toEqual([]);
    expect((await t.app.request(path)).status).toBe(410);
  });

  it('an unknown or malformed handle shows the form again with our words; the link stays usable', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const path = await startConnect(key, teamId);
    const unknown = await t.app.request(path, form({ step: 'handle', decision: 'approve', handle: 'nobody-here.test' }));
    expect(unknown.status).toBe(400);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain('No Bluesky account was found for nobody-here.test');
    expect(unknownHtml).toContain('value="nobody-here.test"');
    const malformed = await t.app.request(path, form({ step: 'handle', decision: 'approve', handle: 'not a handle' }));
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain('That is not a handle');
    const [session] = await t.services.db
      .select()
      .from(sandboxConnectSessions)
      .where(eq(sandboxConnectSessions.id, path.split('/').pop()!));
    expect(session).toMatchObject({ status: 'PENDING', completedAt: null });
    expect(session!.options.oauthPending).toBeUndefined();
    expect((await t.app.request(path)).status).toBe(200);
  });

  it('a callback for an unknown or answered session is a clear page, not an error', async () => {
    const missing = await t.app.request('/connect/callback?state=nope&code=abc');
    expect(missing.status).toBe(410);
    expect(await missing.text()).toContain('Link already used');
    const empty = await t.app.request('/connect/callback');
    expect(empty.status).toBe(400);
  });
});

/**
 * What the person's "sign out of this app" does on their server: the refresh token is revoked. The
 * revocation must carry a DPoP proof of the token's key, so the library's server agent sends it.
 */
async function revokeOnPds(token: BlueskyOAuthToken, refreshToken: string) {
  const client = await createBlueskyOAuthClient(t.services.config);
  const server = await client.serverFactory.fromIssuer(token.iss, token.authMethod, await JoseKey.fromJWK(token.dpopKey as Record<string, unknown>));
  await server.revoke(refreshToken);
}
