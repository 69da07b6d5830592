import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { connectThroughConsent } from '../test-kit/live-app';
import { clickConsent, GRAPH_VERSION, META_APPS, received, startMetaStandIn, type ConsentChoice } from './meta-test-kit';

/**
 * A team connects Facebook Pages, Instagram (both ways) and Threads through the product's own
 * connect API and pages, against the Graph API stand-in (`meta-test-kit.ts`): every Meta host is a
 * setting pointed at it, and it checks each request as Meta documents it (app ids and secrets,
 * redirect URI, single-use codes, the version, tokens and their appsecret_proof).
 */
const PUBLIC_URL = 'https://desk.example';
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
afterAll(() => meta.close());
const t = await createTestApp({ env: { LIVE_PLATFORMS: 'FACEBOOK,INSTAGRAM,THREADS', PUBLIC_URL, ...meta.env } });
beforeEach(() => meta.reset());

type Org = Awaited<ReturnType<typeof t.createOrg>>;
type Account = {
  id: string;
  channels: { id: string; name: string; username: string | null; avatarUrl: string | null }[] | null;
  permissions: string[];
  tokenExpiresAt: string;
  [key: string]: unknown;
};

const connect = (org: Org, type: string, options: { body?: Record<string, unknown>; choice?: ConsentChoice; expect?: Record<string, string> } = {}) =>
  connectThroughConsent(t, org.key, org.teamId, type, { body: options.body, expect: options.expect, approve: (url) => clickConsent(url, options.choice) });
const accountOf = async (org: Org, type: string): Promise<Account> =>
  (await t.request('GET', `/social-account/by-type?teamId=${org.teamId}&type=${type}`, { key: org.key })).json as Account;
const scopesOf = (consent: URL) => consent.searchParams.get('scope')!.split(',').sort();
const daysLeft = (account: Account) => (Date.parse(account.tokenExpiresAt) - Date.now()) / 86_400_000;

describe('Facebook Pages, with Facebook Login for Business', { timeout: 30_000 }, () => {
  it('asks only for what the organization uses, lists the Pages shared that may be published to, and keeps the chosen Page’s token', async () => {
    const org = await t.createOrg();
    const { consent } = await connect(org, 'FACEBOOK');
    expect(`${consent.origin}${consent.pathname}`).toBe(`${meta.env.FACEBOOK_DIALOG_URL}/${GRAPH_VERSION}/dialog/oauth`);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      client_id: META_APPS.facebook.id,
      redirect_uri: `${PUBLIC_URL}/connect/callback`,
      response_type: 'code',
    });
    // No messaging: the organization has no DMs.
    expect(scopesOf(consent)).toEqual([
      'business_management',
      'pages_manage_engagement',
      'pages_manage_posts',
      'pages_read_engagement',
      'pages_read_user_content',
      'pages_show_list',
      'read_insights',
    ]);

    const account = await accountOf(org, 'FACEBOOK');
    expect(account).toMatchObject({
      mode: 'live',
      userId: meta.world.person.id,
      userDisplayName: 'Ada Lovelace',
      // The account acts as a Page: nothing until one is chosen.
      externalId: null,
      channelId: null,
      permissions: ['profile', 'publish', 'comments', 'analytics'],
    });
    // The long-lived user token's 60 days.
    expect(daysLeft(account)).toBeGreaterThan(59);
    // The Pages shared where the person may create content, read over two pages of `/me/accounts`.
    expect(account.channels!.map((channel) => channel.name)).toEqual(['Lovelace Bakery', 'Lovelace Events', 'Lovelace Studio']);
    expect(received(meta.hosts.facebookGraph, '/me/accounts')).toHaveLength(2);

    const events = account.channels!.find((channel) => channel.name === 'Lovelace Events')!;
    const selected = await t.request('POST', '/social-account/set-channel', {
      key: org.key,
      body: { teamId: org.teamId, type: 'FACEBOOK', channelId: events.id },
    });
    expect(selected.status).toBe(200);
    expect(selected.json).toMatchObject({ channelId: events.id, externalId: events.id, displayName: 'Lovelace Events', username: 'lovelaceevents' });

    // The account now acts with that Page's token: the connection check proves it on the Page.
    const check = await t.request('POST', '/social-account/connection-check', { key: org.key, body: { teamId: org.teamId, type: 'FACEBOOK' } });
    expect(check.json).toMatchObject({ success: true });
    const pageToken = meta.world.issued({ product: 'facebook', kind: 'page', page: events.id })[0]!.value;
    expect(received(meta.hosts.facebookGraph, `/${events.id}`).map((request) => request.query.get('access_token'))).toEqual([pageToken]);
    // Every Graph call named the pinned version (the stand-in also refused any without its appsecret_proof).
    for (const request of meta.hosts.facebookGraph.requests) expect(request.path.startsWith(`/${GRAPH_VERSION}/`)).toBe(true);

    // Unselecting gives the Page's token back.
    const unset = await t.request('POST', '/social-account/unset-channel', { key: org.key, body: { teamId: org.teamId, type: 'FACEBOOK' } });
    expect(unset.json).toMatchObject({ channelId: null, externalId: null });
  });

  it('asks for messaging once DMs are on, and shows the permissions the person granted', async () => {
    const org = await t.createOrg('PRO', ['dms']);
    const { consent } = await connect(org, 'FACEBOOK', { body: { withMessagingScope: true }, choice: { decline: ['pages_manage_posts'] } });
    expect(scopesOf(consent)).toEqual(expect.arrayContaining(['pages_messaging', 'pages_manage_metadata']));
    expect((await accountOf(org, 'FACEBOOK')).permissions).toEqual(['profile', 'comments', 'messaging', 'analytics']);
  });

  it('sends the person back with access_denied when they cancel, and the code cannot be used twice', async () => {
    const org = await t.createOrg();
    const { outcome } = await connect(org, 'FACEBOOK', { choice: { deny: true }, expect: { status: 'error', error: 'access_denied' } });
    expect(outcome.type).toBe('FACEBOOK');
    expect(received(meta.hosts.facebookGraph, '/oauth/access_token')).toHaveLength(0);

    // A code replayed at Meta's token endpoint is refused (the stand-in keeps codes single-use).
    const again = await t.createOrg();
    await connect(again, 'FACEBOOK');
    const exchange = received(meta.hosts.facebookGraph, '/oauth/access_token').find((request) => request.query.get('code'))!;
    const replay = await fetch(`${meta.env.FACEBOOK_GRAPH_URL}${exchange.path}?${exchange.query}`);
    expect(((await replay.json()) as { error: { error_subcode: number } }).error.error_subcode).toBe(36009);
  });
});

describe('Instagram', { timeout: 30_000 }, () => {
  it('connects an Instagram account linked to a Page through Facebook Login, acting with that Page’s token', async () => {
    const org = await t.createOrg();
    const { consent } = await connect(org, 'INSTAGRAM', { body: { instagramConnectionMethod: 'FACEBOOK' } });
    expect(consent.searchParams.get('client_id')).toBe(META_APPS.facebook.id);
    expect(scopesOf(consent)).toEqual([
      'business_management',
      'instagram_basic',
      'instagram_content_publish',
      'instagram_manage_comments',
      'instagram_manage_insights',
      'pages_read_engagement',
      'pages_show_list',
    ]);
    const account = await accountOf(org, 'INSTAGRAM');
    expect(account).toMatchObject({ instagramConnectionMethod: 'FACEBOOK', externalId: null, permissions: ['profile', 'publish', 'comments', 'analytics'] });
    // The Instagram accounts of the Pages shared that may be published to.
    expect(account.channels!.map((channel) => channel.username)).toEqual(['lovelace.bakery', 'lovelace.studio']);

    const studio = account.channels!.find((channel) => channel.username === 'lovelace.studio')!;
    const selected = await t.request('POST', '/social-account/set-channel', {
      key: org.key,
      body: { teamId: org.teamId, type: 'INSTAGRAM', channelId: studio.id },
    });
    expect(selected.json).toMatchObject({ externalId: '17841400000000004', username: 'lovelace.studio', avatarUrl: 'https://scontent.example/studio-ig.jpg' });
    const check = await t.request('POST', '/social-account/connection-check', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } });
    expect(check.json).toMatchObject({ success: true });
    const studioPageToken = meta.world.issued({ product: 'facebook', kind: 'page', page: '104000000000004' })[0]!.value;
    expect(received(meta.hosts.facebookGraph, `/${studio.id}`).map((request) => request.query.get('access_token'))).toEqual([studioPageToken]);
  });

  it('refuses an Instagram connection that did not grant publishing', async () => {
    const org = await t.createOrg();
    await connect(org, 'INSTAGRAM', {
      body: { instagramConnectionMethod: 'FACEBOOK' },
      choice: { decline: ['instagram_content_publish'] },
      expect: { status: 'error', error: 'missing_permission' },
    });
    expect((await t.request('GET', `/social-account/by-type?teamId=${org.teamId}&type=INSTAGRAM`, { key: org.key })).status).toBe(404);
  });

  it('connects with Instagram Login and reconnects in place, refusing another account', async () => {
    const org = await t.createOrg();
    const { consent, accountId } = await connect(org, 'INSTAGRAM', { body: { instagramConnectionMethod: 'INSTAGRAM' } });
    expect(`${consent.origin}${consent.pathname}`).toBe(`${meta.env.INSTAGRAM_AUTHORIZE_URL}/oauth/authorize`);
    // Instagram Login has an app id of its own.
    expect(consent.searchParams.get('client_id')).toBe(META_APPS.instagram.id);
    expect(consent.searchParams.get('force_reauth')).toBeNull();
    expect(scopesOf(consent)).toEqual([
      'instagram_business_basic',
      'instagram_business_content_publish',
      'instagram_business_manage_comments',
      'instagram_business_manage_insights',
    ]);
    // The code went to Instagram's token host, form-encoded, then the long-lived exchange to graph.instagram.com.
    const [exchange] = received(meta.hosts.instagramToken, '/oauth/access_token');
    expect(Object.fromEntries(new URLSearchParams(exchange!.text))).toMatchObject({
      client_id: META_APPS.instagram.id,
      grant_type: 'authorization_code',
      redirect_uri: `${PUBLIC_URL}/connect/callback`,
    });
    expect(received(meta.hosts.instagramGraph, '/access_token')[0]!.query.get('grant_type')).toBe('ig_exchange_token');

    const account = await accountOf(org, 'INSTAGRAM');
    expect(account).toMatchObject({
      id: accountId,
      instagramConnectionMethod: 'INSTAGRAM',
      externalId: '17841405551230001',
      username: 'ada.codes',
      displayName: 'Ada Codes',
      avatarUrl: 'https://scontent.example/ada-ig.jpg',
      channels: null,
      permissions: ['profile', 'publish', 'comments', 'analytics'],
    });
    expect(daysLeft(account)).toBeGreaterThan(59);

    // `reconnect: true` asks Instagram for a fresh login and keeps the same account.
    const again = await connect(org, 'INSTAGRAM', { body: { reconnect: true } });
    expect(again.consent.searchParams.get('force_reauth')).toBe('true');
    expect(again.accountId).toBe(accountId);

    meta.world.loginAs.instagram = meta.world.instagramAccounts[1]!.userId;
    await connect(org, 'INSTAGRAM', { body: { reconnect: true }, expect: { status: 'error', error: 'account_mismatch' } });
    expect((await accountOf(org, 'INSTAGRAM')).username).toBe('ada.codes');
  });
});

describe('Threads', { timeout: 30_000 }, () => {
  it('connects a Threads profile with the Threads app and records a 60-day token', async () => {
    const org = await t.createOrg();
    const { consent } = await connect(org, 'THREADS');
    expect(`${consent.origin}${consent.pathname}`).toBe(`${meta.env.THREADS_AUTHORIZE_URL}/oauth/authorize`);
    expect(consent.searchParams.get('client_id')).toBe(META_APPS.threads.id);
    expect(scopesOf(consent)).toEqual([
      'threads_basic',
      'threads_content_publish',
      'threads_manage_insights',
      'threads_manage_replies',
      'threads_read_replies',
    ]);
    const account = await accountOf(org, 'THREADS');
    expect(account).toMatchObject({
      mode: 'live',
      externalId: '26100000000000001',
      username: 'ada.threads',
      displayName: 'Ada on Threads',
      bio: 'Poetical science',
      permissions: ['profile', 'publish', 'comments', 'analytics'],
    });
    expect(daysLeft(account)).toBeGreaterThan(59);
    expect(received(meta.hosts.threadsGraph, '/access_token')[0]!.query.get('grant_type')).toBe('th_exchange_token');
  });
});
