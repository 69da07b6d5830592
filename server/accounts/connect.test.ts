import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEvents } from '../db/schema/events';
import { socialAccounts } from '../db/schema/social-accounts';
import { answerConsent, connectThroughConsent, openConsent } from '../sandbox-platform/test-helpers';
import { createTestApp } from '../test/test-app';

const t = await createTestApp();

describe('connect through the sandbox consent page', () => {
  it('returns a consent URL, and approving it connects the account and redirects with the outcome', async () => {
    const { key, teamId, organizationId } = await t.createOrg();
    const started = await t.request('POST', '/social-account/connect', {
      key,
      body: { teamId, type: 'THREADS', redirectUrl: 'https://app.example.com/done' },
    });
    expect(started.status).toBe(200);
    expect(started.json.url).toMatch(new RegExp(`^${t.config.publicUrl}/sandbox/connect/[A-Za-z0-9_-]{30,}$`));

    const page = await openConsent(t, started.json.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Threads');
    expect(page.html).toContain('Sandbox platform');
    expect(page.asked).toEqual(['profile', 'publish', 'comments', 'analytics']);

    const answered = await answerConsent(t, started.json.url, { username: 'ava.martin' });
    expect(answered.status).toBe(302);
    const params = Object.fromEntries(answered.location!.searchParams);
    expect(answered.location!.origin + answered.location!.pathname).toBe('https://app.example.com/done');
    expect(params).toMatchObject({ status: 'success', type: 'THREADS', teamId });

    const account = await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=THREADS`, { key });
    expect(account.status).toBe(200);
    expect(account.json).toMatchObject({
      id: params.socialAccountId,
      type: 'THREADS',
      teamId,
      username: 'ava.martin',
      displayName: 'Ava Martin',
      userUsername: 'ava.martin',
      userEmail: 'ava.martin@example.com',
      externalId: expect.stringMatching(/^\d{17}$/),
      avatarUrl: expect.stringContaining('/sandbox/avatars/threads/'),
      channels: null,
      permissions: ['profile', 'publish', 'comments', 'analytics'],
      messagingStatus: 'DISABLED',
      messagingLastError: null,
      deleteOn: null,
      deletedAt: null,
    });
    expect(JSON.stringify(account.json)).not.toMatch(/sbx_(at|rt)_|accessToken|refreshToken/);

    // Tokens are sealed at rest, never the platform's plain token.
    const [row] = await t.services.db.select().from(socialAccounts).where(eq(socialAccounts.id, params.socialAccountId!));
    expect(row!.accessTokenEnc).toMatch(/^v1\./);
    expect(row!.accessTokenEnc).not.toContain('sbx_at_');

    const events = await t.services.db.select().from(outboxEvents).where(eq(outboxEvents.organizationId, organizationId));
    expect(events.map((event) => event.type)).toContain('social-account.created');

    const avatar = await t.app.request(new URL(account.json.avatarUrl).pathname + new URL(account.json.avatarUrl).search);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toContain('>AM</text>');
  });

  it('redirects with access_denied when the person denies, and the link works once only', async () => {
    const { key, teamId } = await t.createOrg();
    const { url, params } = await connectThroughConsent(t, { key, teamId, type: 'BLUESKY', decision: 'deny' });
    expect(params).toMatchObject({ status: 'error', error: 'access_denied', type: 'BLUESKY' });
    expect((await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=BLUESKY`, { key })).status).toBe(404);
    expect((await openConsent(t, url)).status).toBe(410);
    const again = await answerConsent(t, url);
    expect(again.status).toBe(410);
    expect((await t.app.request(`${t.config.publicUrl}/sandbox/connect/not-a-session`)).status).toBe(404);
  });

  it('lets the person pick an existing platform profile on the consent page', async () => {
    const { key, teamId } = await t.createOrg();
    const other = await t.request('POST', '/team', { key, body: { name: 'Second team' } });
    const first = await connectThroughConsent(t, { key, teamId, type: 'REDDIT', username: 'night_owl' });
    const a = await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=REDDIT`, { key });
    // While the first team has it connected, the second team's link neither lists nor takes it.
    const hidden = await t.request('POST', '/social-account/connect', {
      key,
      body: { teamId: other.json.id, type: 'REDDIT', redirectUrl: 'https://app.example.com/' },
    });
    const hiddenPage = await openConsent(t, hidden.json.url);
    expect(hiddenPage.html).not.toContain('@night_owl');
    expect(hiddenPage.profiles).toHaveLength(0);
    const takeover = await answerConsent(t, hidden.json.url, { username: 'night_owl' });
    expect(takeover.status).toBe(400);

    await t.request('DELETE', '/social-account/disconnect', { key, body: { teamId, type: 'REDDIT' } });
    const started = await t.request('POST', '/social-account/connect', {
      key,
      body: { teamId: other.json.id, type: 'REDDIT', redirectUrl: 'https://app.example.com/' },
    });
    const page = await openConsent(t, started.json.url);
    expect(page.html).toContain('@night_owl');
    expect(page.profiles).toHaveLength(1);
    const answered = await answerConsent(t, started.json.url, { profile: page.profiles[0] });
    const second = Object.fromEntries(answered.location!.searchParams);
    const b = await t.request('GET', `/social-account/by-type?teamId=${other.json.id}&type=REDDIT`, { key });
    expect(second.socialAccountId).not.toBe(first.params.socialAccountId);
    expect(b.json.externalId).toBe(a.json.externalId);
    expect(a.json.channels.map((channel: { name: string }) => channel.name)).toEqual(['r/u_night_owl', 'r/SideProject']);
    expect(a.json.channels[1].metadata).toEqual({ allowImages: true, allowVideos: false, allowGalleries: true, linkFlairEnabled: true });
  });

  it('asks for messaging only once the organization is enabled for DMs', async () => {
    const plain = await t.createOrg();
    const ignored = await t.request('POST', '/social-account/connect', {
      key: plain.key,
      body: { teamId: plain.teamId, type: 'INSTAGRAM', redirectUrl: 'https://app.example.com/', withMessagingScope: true },
    });
    expect((await openConsent(t, ignored.json.url)).asked).not.toContain('messaging');

    const enabled = await t.createOrg('PRO', ['dms']);
    const asked = await t.request('POST', '/social-account/connect', {
      key: enabled.key,
      body: { teamId: enabled.teamId, type: 'INSTAGRAM', redirectUrl: 'https://app.example.com/', withMessagingScope: true },
    });
    expect((await openConsent(t, asked.json.url)).asked).toContain('messaging');
    // Platforms without DMs never ask for it.
    const tiktok = await t.request('POST', '/social-account/connect', {
      key: enabled.key,
      body: { teamId: enabled.teamId, type: 'TIKTOK', redirectUrl: 'https://app.example.com/', withMessagingScope: true },
    });
    expect((await openConsent(t, tiktok.json.url)).asked).not.toContain('messaging');
  });

  it('refuses an INSTAGRAM account that did not grant the publish permission', async () => {
    const { key, teamId } = await t.createOrg();
    const { params } = await connectThroughConsent(t, { key, teamId, type: 'INSTAGRAM', permissions: ['comments', 'analytics'] });
    expect(params).toMatchObject({ status: 'error', error: 'missing_permission' });
    expect(params.error_description).toMatch(/publish/);
    expect((await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=INSTAGRAM`, { key })).status).toBe(404);
    // Other platforms connect without it (the account just cannot publish).
    const threads = await connectThroughConsent(t, { key, teamId, type: 'THREADS', permissions: ['comments'] });
    expect(threads.params.status).toBe('success');
  });

  it('reconnects an INSTAGRAM account in place and refuses another login', async () => {
    const { key, teamId } = await t.createOrg('PRO', ['dms']);
    const first = await connectThroughConsent(t, { key, teamId, type: 'INSTAGRAM', username: 'studio.lena' });
    const before = await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=INSTAGRAM`, { key });
    expect(before.json).toMatchObject({ instagramConnectionMethod: 'INSTAGRAM', permissions: expect.not.arrayContaining(['messaging']) });

    const reconnect = await t.request('POST', '/social-account/connect', {
      key,
      body: { teamId, type: 'INSTAGRAM', redirectUrl: 'https://app.example.com/', reconnect: true, withMessagingScope: true },
    });
    expect(reconnect.status).toBe(200);
    const page = await openConsent(t, reconnect.json.url);
    expect(page.html).toContain('Log in again as');
    const same = await answerConsent(t, reconnect.json.url, { profile: page.profiles[0] });
    expect(Object.fromEntries(same.location!.searchParams)).toMatchObject({ status: 'success', socialAccountId: first.params.socialAccountId });
    const after = await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=INSTAGRAM`, { key });
    expect(after.json.id).toBe(before.json.id);
    expect(after.json.permissions).toContain('messaging');
    expect(after.json.createdAt).toBe(before.json.createdAt);

    const otherLogin = await t.request('POST', '/social-account/connect', {
      key,
      body: { teamId, type: 'INSTAGRAM', redirectUrl: 'https://app.example.com/', reconnect: true },
    });
    const mismatch = await answerConsent(t, otherLogin.json.url, { username: 'someone.else' });
    expect(Object.fromEntries(mismatch.location!.searchParams)).toMatchObject({ status: 'error', error: 'account_mismatch' });
    const unchanged = await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=INSTAGRAM`, { key });
    expect(unchanged.json.username).toBe('studio.lena');
  });

  it('allows reconnect only for INSTAGRAM connected through Instagram login', async () => {
    const { key, teamId } = await t.createOrg();
    const base = { teamId, redirectUrl: 'https://app.example.com/', reconnect: true };
    const none = await t.request('POST', '/social-account/connect', { key, body: { ...base, type: 'INSTAGRAM' } });
    expect(none.status).toBe(400);
    expect(none.json.message).toMatch(/already connected/);

    await connectThroughConsent(t, { key, teamId, type: 'FACEBOOK' });
    const facebook = await t.request('POST', '/social-account/connect', { key, body: { ...base, type: 'FACEBOOK' } });
    expect(facebook.status).toBe(400);
    expect(facebook.json.message).toMatch(/not supported/);

    const viaFacebook = await connectThroughConsent(t, { key, teamId, type: 'INSTAGRAM', connect: { instagramConnectionMethod: 'FACEBOOK' } });
    expect(viaFacebook.params.status).toBe('success');
    const account = await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=INSTAGRAM`, { key });
    expect(account.json).toMatchObject({
      instagramConnectionMethod: 'FACEBOOK',
      externalId: null,
      channels: expect.arrayContaining([expect.objectContaining({ id: expect.stringMatching(/^17841/) })]),
    });
    const refused = await t.request('POST', '/social-account/connect', { key, body: { ...base, type: 'INSTAGRAM' } });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/instagramConnectionMethod INSTAGRAM/);
  });

  it('refuses a second account of the same type on a team, and updates the same one in place', async () => {
    const { key, teamId } = await t.createOrg();
    const first = await connectThroughConsent(t, { key, teamId, type: 'TWITTER', username: 'kai_novak' });
    const other = await connectThroughConsent(t, { key, teamId, type: 'TWITTER', username: 'someone_else' });
    expect(other.params).toMatchObject({ status: 'error', error: 'already_connected' });
    const page = await openConsent(
      t,
      (await t.request('POST', '/social-account/connect', { key, body: { teamId, type: 'TWITTER', redirectUrl: 'https://app.example.com/' } })).json.url,
    );
    expect(page.profiles.length).toBe(2);
    const account = await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=TWITTER`, { key });
    expect(account.json).toMatchObject({ id: first.params.socialAccountId, username: 'kai_novak', twitterSubType: 'none' });
  });

  it('fills platform-specific fields: Mastodon server, TikTok business account', async () => {
    const { key, teamId } = await t.createOrg();
    await connectThroughConsent(t, { key, teamId, type: 'MASTODON', connect: { serverUrl: 'https://fosstodon.org' } });
    await connectThroughConsent(t, { key, teamId, type: 'TIKTOK', connect: { withBusinessScope: true } });
    const team = await t.request('GET', `/team/${teamId}`, { key });
    const byType = Object.fromEntries(team.json.socialAccounts.map((account: { type: string }) => [account.type, account]));
    expect(byType.MASTODON.mastodonServerId).toMatch(/^mst_[0-9a-f]{16}$/);
    expect(byType.TIKTOK.isTiktokBusinessAccount).toBe(true);
    expect(byType.TIKTOK.externalId).toMatch(/^-000/);
  });

  it('validates the connect body', async () => {
    const { key, teamId } = await t.createOrg();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ teamId, type: 'MYSPACE', redirectUrl: 'https://a.example' }, 'invalid_enum_value', 'type'],
      [{ teamId, type: 'TIKTOK', redirectUrl: 'not a url' }, 'invalid_string', 'redirectUrl'],
      [{ teamId, type: 'TIKTOK' }, 'invalid_type', 'redirectUrl'],
      [{ teamId, type: 'TIKTOK', redirectUrl: 'https://a.example', extra: 1 }, 'unrecognized_keys', ''],
      [{ teamId, type: 'SNAPCHAT', redirectUrl: 'https://a.example' }, 'invalid_enum_value', 'type'],
    ];
    for (const [body, code, path] of cases) {
      const response = await t.request('POST', '/social-account/connect', { key, body });
      expect(response.status).toBe(400);
      expect(response.json.issues[0]).toMatchObject({ code, path: path ? [path] : [] });
    }
  });

  it("never connects to another organization's team", async () => {
    const mine = await t.createOrg();
    const theirs = await t.createOrg();
    const response = await t.request('POST', '/social-account/connect', {
      key: mine.key,
      body: { teamId: theirs.teamId, type: 'TIKTOK', redirectUrl: 'https://app.example.com/' },
    });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ statusCode: 404, message: 'Team not found' });
    // A consent page never lists another organization's sandbox people.
    await connectThroughConsent(t, { key: theirs.key, teamId: theirs.teamId, type: 'TIKTOK', username: 'their_person' });
    const started = await t.request('POST', '/social-account/connect', {
      key: mine.key,
      body: { teamId: mine.teamId, type: 'TIKTOK', redirectUrl: 'https://app.example.com/' },
    });
    const page = await openConsent(t, started.json.url);
    expect(page.html).not.toContain('their_person');
    expect(page.profiles).toEqual([]);
  });
});

describe('connect portal', () => {
  it('creates a hosted page that connects several platforms to the team', async () => {
    const { key, teamId } = await t.createOrg();
    const created = await t.request('POST', '/social-account/create-portal-link', {
      key,
      body: { teamId, socialAccountTypes: ['BLUESKY', 'PINTEREST'], redirectUrl: 'https://app.example.com/back', userName: 'Acme', expiresIn: 30 },
    });
    expect(created.status).toBe(200);
    const portalPath = new URL(created.json.url).pathname;
    expect(portalPath).toMatch(/^\/portal\/[A-Za-z0-9_-]{30,}$/);
    const page = await t.app.request(portalPath);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Bluesky');
    expect(html).toContain('Pinterest');
    expect(html).toContain('to Acme');

    const form = new URLSearchParams({ type: 'PINTEREST' });
    const go = await t.app.request(`${portalPath}/connect`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(go.status).toBe(303);
    const consentUrl = go.headers.get('location')!;
    expect(consentUrl).toContain('/sandbox/connect/');
    const answered = await answerConsent(t, consentUrl, { username: 'pin.collector' });
    expect(answered.location!.pathname).toBe(portalPath);
    expect(answered.location!.searchParams.get('status')).toBe('success');
    const after = await (await t.app.request(`${portalPath}?status=success`)).text();
    expect(after).toContain('Connected as pincollector');
    expect(after).toContain('Account connected.');

    const notListed = await t.app.request(`${portalPath}/connect`, {
      method: 'POST',
      body: new URLSearchParams({ type: 'TIKTOK' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notListed.status).toBe(400);
  });

  it("shows a portal link's holder only the sandbox people its team may connect, never other teams' accounts", async () => {
    const { key, teamId } = await t.createOrg();
    await connectThroughConsent(t, { key, teamId, type: 'BLUESKY', username: 'other.client' });
    const clientTeam = await t.request('POST', '/team', { key, body: { name: 'Client B' } });
    const created = await t.request('POST', '/social-account/create-portal-link', {
      key,
      body: { teamId: clientTeam.json.id, socialAccountTypes: ['BLUESKY'] },
    });
    const portalPath = new URL(created.json.url).pathname;
    const go = await t.app.request(`${portalPath}/connect`, {
      method: 'POST',
      body: new URLSearchParams({ type: 'BLUESKY' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const page = await openConsent(t, go.headers.get('location')!);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('other.client');
    expect(page.profiles).toEqual([]);
  });

  it('stops at maxSocialAccountsConnected and validates the body', async () => {
    const { key, teamId } = await t.createOrg();
    await connectThroughConsent(t, { key, teamId, type: 'BLUESKY' });
    const created = await t.request('POST', '/social-account/create-portal-link', {
      key,
      body: { teamId, socialAccountTypes: ['BLUESKY', 'THREADS'], maxSocialAccountsConnected: 1 },
    });
    const portalPath = new URL(created.json.url).pathname;
    const refused = await t.app.request(`${portalPath}/connect`, {
      method: 'POST',
      body: new URLSearchParams({ type: 'THREADS' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('maximum number');

    const bad = await t.request('POST', '/social-account/create-portal-link', { key, body: { teamId, socialAccountTypes: [], expiresIn: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual(['expiresIn', 'socialAccountTypes']);
    const theirs = await t.createOrg();
    const foreign = await t.request('POST', '/social-account/create-portal-link', { key, body: { teamId: theirs.teamId, socialAccountTypes: ['BLUESKY'] } });
    expect(foreign.status).toBe(404);
    expect((await t.app.request('/portal/nope')).status).toBe(404);
  });
});
