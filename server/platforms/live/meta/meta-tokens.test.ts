import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { refreshExpiringTokensJob } from '../../../accounts/accounts.jobs';
import { waitFor } from '../../../comments/comments-test-kit';
import { createTestApp } from '../../../test/test-app';
import { connectThroughConsent } from '../test-kit/live-app';
import { clickConsent, received, startMetaStandIn } from './meta-test-kit';

/**
 * Meta tokens over time, through the product: Instagram Login and Threads tokens refreshed well
 * before their 60 days (on use, and by the daily sweep job), never replaced by an empty answer,
 * and tokens Meta expired or revoked turning the account into "lost access, reconnect" with the
 * reason shown, as for the other live platforms. The stand-in's clock ages its tokens.
 */
const PUBLIC_URL = 'https://desk.example';
const DAY = 86_400;
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
afterAll(() => meta.close());
const t = await createTestApp({
  work: true,
  workOnly: [refreshExpiringTokensJob],
  env: { LIVE_PLATFORMS: 'FACEBOOK,INSTAGRAM,THREADS', PUBLIC_URL, ...meta.env },
});
beforeEach(() => meta.reset());

type Org = Awaited<ReturnType<typeof t.createOrg>>;
type Account = { id: string; tokenExpiresAt: string; deleteOn: string | null; disconnectedCheckTryAt: string | null; [key: string]: unknown };

const connect = (org: Org, type: string, body: Record<string, unknown> = {}) =>
  connectThroughConsent(t, org.key, org.teamId, type, { body, approve: (url) => clickConsent(url) });
const accountOf = async (org: Org, type: string): Promise<Account> =>
  (await t.request('GET', `/social-account/by-type?teamId=${org.teamId}&type=${type}`, { key: org.key })).json as Account;
const daysLeft = (account: Account) => (Date.parse(account.tokenExpiresAt) - Date.now()) / (DAY * 1000);
const refreshes = (path: string) => received(path.includes('threads') ? meta.hosts.threadsGraph : meta.hosts.instagramGraph, '/refresh_access_token');

describe('refreshing Instagram Login and Threads tokens ahead of expiry', { timeout: 30_000 }, () => {
  it('refreshes an Instagram Login token on use once fewer than 30 days are left, and keeps a good token when a refresh fails', async () => {
    const org = await t.createOrg();
    meta.world.longLivedSeconds.instagram = 20 * DAY;
    await connect(org, 'INSTAGRAM', { instagramConnectionMethod: 'INSTAGRAM' });
    const connected = await accountOf(org, 'INSTAGRAM');
    expect(daysLeft(connected)).toBeLessThan(21);

    // Meta refreshes only tokens at least a day old: this refusal leaves the working token in place.
    const early = await t.request('POST', '/social-account/refresh-channels', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } });
    expect(early.status).toBe(200);
    expect(refreshes('instagram')).toHaveLength(1);
    expect((await accountOf(org, 'INSTAGRAM')).tokenExpiresAt).toBe(connected.tokenExpiresAt);

    // An answer without a token is no refresh either.
    meta.world.advance(2 * DAY);
    meta.world.failNext('instagram', { status: 200, body: { token_type: 'bearer', expires_in: 5_183_944 } });
    const empty = await t.request('POST', '/social-account/refresh-channels', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } });
    // A platform fault like any other: the call goes on with the token that still works.
    expect(empty.status, empty.text).toBe(200);
    expect((await accountOf(org, 'INSTAGRAM')).tokenExpiresAt).toBe(connected.tokenExpiresAt);

    meta.world.longLivedSeconds.instagram = 60 * DAY;
    const used = await t.request('POST', '/social-account/refresh-channels', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } });
    expect(used.status).toBe(200);
    const refreshed = await accountOf(org, 'INSTAGRAM');
    expect(daysLeft(refreshed)).toBeGreaterThan(59);
    const [call] = refreshes('instagram').slice(-1);
    expect(call!.query.get('grant_type')).toBe('ig_refresh_token');
    // The profile read after the refresh used the new token.
    const newest = meta.world.issued({ product: 'instagram', kind: 'long' }).at(-1)!.value;
    expect(received(meta.hosts.instagramGraph, '/me').at(-1)!.query.get('access_token')).toBe(newest);
  });

  it('refreshes a Threads token nobody used in the daily sweep', async () => {
    const org = await t.createOrg();
    meta.world.longLivedSeconds.threads = 10 * DAY;
    await connect(org, 'THREADS');
    meta.world.advance(2 * DAY);
    meta.world.longLivedSeconds.threads = 60 * DAY;
    await t.services.jobs.send(refreshExpiringTokensJob, {});
    const refreshed = await waitFor(
      () => accountOf(org, 'THREADS'),
      (account) => daysLeft(account) > 59,
      15,
    );
    expect(daysLeft(refreshed)).toBeGreaterThan(59);
    expect(refreshes('threads').map((request) => request.query.get('grant_type'))).toEqual(['th_refresh_token']);
  });

  it('marks an account whose refresh Meta refuses for good as lost access in the sweep', async () => {
    const org = await t.createOrg();
    meta.world.longLivedSeconds.instagram = 10 * DAY;
    await connect(org, 'INSTAGRAM', { instagramConnectionMethod: 'INSTAGRAM' });
    meta.world.advance(2 * DAY);
    // The person removed the app from their Instagram account.
    meta.world.revoke('instagram', 458);
    await t.services.jobs.send(refreshExpiringTokensJob, {});
    const lost = await waitFor(
      () => accountOf(org, 'INSTAGRAM'),
      (account) => account.deleteOn !== null,
      15,
    );
    expect(lost.deleteOn).not.toBeNull();
    expect(lost.disconnectedCheckTryAt).not.toBeNull();
  });
});

describe('expired and revoked tokens mean reconnecting', { timeout: 30_000 }, () => {
  it('shows a Facebook Page whose person changed their password as lost access, with the reason', async () => {
    const org = await t.createOrg();
    await connect(org, 'FACEBOOK');
    const page = (await accountOf(org, 'FACEBOOK')).channels as { id: string }[];
    await t.request('POST', '/social-account/set-channel', { key: org.key, body: { teamId: org.teamId, type: 'FACEBOOK', channelId: page[0]!.id } });
    meta.world.revoke('facebook', 460);
    const check = await t.request('POST', '/social-account/connection-check', { key: org.key, body: { teamId: org.teamId, type: 'FACEBOOK' } });
    expect(check.json).toMatchObject({ success: false });
    expect(check.json.message).toContain('(code 190, subcode 460)');
    expect(check.json.message).toContain('The password of this account changed; reconnect it.');
    const account = await accountOf(org, 'FACEBOOK');
    expect(account.deleteOn).not.toBeNull();
    expect(account.disconnectedCheckTryAt).not.toBeNull();
  });

  it('tries a refresh when an Instagram Login token expired, then asks to reconnect', async () => {
    const org = await t.createOrg();
    await connect(org, 'INSTAGRAM', { instagramConnectionMethod: 'INSTAGRAM' });
    meta.world.expire('instagram');
    const check = await t.request('POST', '/social-account/connection-check', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } });
    expect(check.json).toMatchObject({ success: false });
    expect(check.json.message).toContain('subcode 463');
    // The expired token was offered for a refresh once, which Meta refused the same way.
    expect(refreshes('instagram')).toHaveLength(1);
    expect((await accountOf(org, 'INSTAGRAM')).deleteOn).not.toBeNull();
  });

  it('answers 429 with Meta’s reset when the Page is throttled', async () => {
    const org = await t.createOrg();
    await connect(org, 'FACEBOOK');
    meta.world.failNext('facebook', {
      status: 400,
      body: { error: { message: '(#4) Application request limit reached', type: 'OAuthException', code: 4, is_transient: true, fbtrace_id: 'AthrottledX' } },
      headers: {
        'x-app-usage': '{"call_count":100,"total_cputime":40,"total_time":60}',
        'x-business-use-case-usage': JSON.stringify({ '104000000000001': [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 5 }] }),
      },
    });
    const limited = await t.request('POST', '/social-account/refresh-channels', { key: org.key, body: { teamId: org.teamId, type: 'FACEBOOK' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(299);
    expect(limited.json.message).toContain('Application request limit reached');
  });
});
