import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEvents } from '../db/schema/events';
import { socialAccounts } from '../db/schema/social-accounts';
import { connectThroughConsent, sandboxAccount } from '../sandbox-platform/test-helpers';
import { createTestApp } from '../test/test-app';
import { removeDisconnectedAccounts } from './remove-disconnected-accounts';

const t = await createTestApp();

async function eventTypes(organizationId: string) {
  const rows = await t.services.db.select().from(outboxEvents).where(eq(outboxEvents.organizationId, organizationId)).orderBy(outboxEvents.seq);
  return rows.map((row) => row.type);
}

describe('social account channels', () => {
  it('lets a FACEBOOK account pick a page, switch it, and clear it', async () => {
    const { key, teamId } = await t.createOrg();
    const connected = await connectThroughConsent(t, { key, teamId, type: 'FACEBOOK', username: 'amara.haddad' });
    expect(connected.params.status).toBe('success');
    const before = await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=FACEBOOK`, { key });
    // Until a page is picked the account has no identity of its own, only the person who logged in.
    expect(before.json).toMatchObject({ externalId: null, username: null, userUsername: 'amara.haddad', userDisplayName: 'Amara Haddad', channelId: null });
    expect(before.json.channels.map((channel: { name: string }) => channel.name)).toEqual(['Amara Haddad Official', 'Amara Haddad Community']);
    const [official, community] = before.json.channels;

    const set = await t.request('POST', '/social-account/set-channel', { key, body: { teamId, type: 'FACEBOOK', channelId: official.id } });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({
      externalId: official.id,
      displayName: 'Amara Haddad Official',
      username: official.username,
      channelId: official.id,
      userUsername: 'amara.haddad',
    });

    const switched = await t.request('POST', '/social-account/set-channel', { key, body: { teamId, type: 'FACEBOOK', channelId: community.id } });
    expect(switched.json.externalId).toBe(community.id);

    const unknown = await t.request('POST', '/social-account/set-channel', { key, body: { teamId, type: 'FACEBOOK', channelId: '999' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toMatch(/Page 999/);

    const unset = await t.request('POST', '/social-account/unset-channel', { key, body: { teamId, type: 'FACEBOOK' } });
    expect(unset.status).toBe(200);
    expect(unset.json).toMatchObject({ externalId: null, channelId: null });
  });

  it('keeps LINKEDIN acting as the member until an organization is picked', async () => {
    const { key, teamId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'LINKEDIN', username: 'theo-brennan' });
    expect(account).toMatchObject({ username: 'theo-brennan', displayName: 'Theo Brennan', channelId: null });
    const organization = account.channels[0];
    const set = await t.request('POST', '/social-account/set-channel', { key, body: { teamId, type: 'LINKEDIN', channelId: organization.id } });
    expect(set.json).toMatchObject({ externalId: organization.id, displayName: 'Theo Brennan Consulting' });
    const unset = await t.request('POST', '/social-account/unset-channel', { key, body: { teamId, type: 'LINKEDIN' } });
    expect(unset.json).toMatchObject({ username: 'theo-brennan', externalId: account.externalId });
  });

  it('refuses set-channel where the platform picks channels per post or has none', async () => {
    const { key, teamId } = await t.createOrg();
    await sandboxAccount(t, key, { teamId, type: 'INSTAGRAM' });
    const instagram = await t.request('POST', '/social-account/set-channel', { key, body: { teamId, type: 'INSTAGRAM', channelId: 'x' } });
    expect(instagram.status).toBe(400);
    expect(instagram.json.message).toMatch(/no channel to select/);
    const discord = await t.request('POST', '/social-account/set-channel', { key, body: { teamId, type: 'DISCORD', channelId: 'x' } });
    expect(discord.status).toBe(400);
    expect(discord.json.issues[0]).toMatchObject({ code: 'invalid_enum_value', path: ['type'] });
    const missing = await t.request('POST', '/social-account/set-channel', { key, body: { teamId, type: 'YOUTUBE', channelId: 'x' } });
    expect(missing.status).toBe(404);
  });

  it('refreshes channels from the platform, with Discord and Slack webhooks', async () => {
    const { key, teamId } = await t.createOrg();
    const discord = await sandboxAccount(t, key, { teamId, type: 'DISCORD', channelName: 'launches' });
    expect(discord.channels.map((channel: { name: string }) => channel.name)).toEqual(['#announcements', '#general', '#launches']);
    expect(discord.channels[0].webhook.url).toMatch(/^https:\/\/discord\.com\/api\/webhooks\/\d{19}\//);
    const slack = await sandboxAccount(t, key, { teamId, type: 'SLACK' });
    expect(slack.channels[0].webhook.url).toMatch(/^https:\/\/hooks\.slack\.com\/services\//);
    const refreshed = await t.request('POST', '/social-account/refresh-channels', { key, body: { teamId, type: 'DISCORD' } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.channels).toHaveLength(3);
    const tiktok = await t.request('POST', '/social-account/refresh-channels', { key, body: { teamId, type: 'TIKTOK' } });
    expect(tiktok.status).toBe(400);
  });
});

describe('disconnect and removal', () => {
  it('takes the account off the team, keeps it 48 hours, then the job removes it', async () => {
    const { key, teamId, organizationId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'PINTEREST', username: 'iris.moreau' });
    const disconnected = await t.request('DELETE', '/social-account/disconnect', { key, body: { teamId, type: 'PINTEREST' } });
    expect(disconnected.status).toBe(200);
    expect(disconnected.json.id).toBe(account.id);
    const deletedAt = Date.parse(disconnected.json.deletedAt);
    expect(Date.parse(disconnected.json.deleteOn) - deletedAt).toBeGreaterThanOrEqual(48 * 3600_000);

    expect((await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=PINTEREST`, { key })).status).toBe(404);
    expect((await t.request('GET', `/team/${teamId}`, { key })).json.socialAccounts).toEqual([]);
    const toDelete = await t.request('GET', '/social-account/to-delete', { key });
    expect(toDelete.json).toMatchObject({ items: [{ id: account.id }], pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 } });
    expect(await eventTypes(organizationId)).toEqual(expect.arrayContaining(['social-account.created', 'social-account.deleted']));

    const again = await t.request('DELETE', '/social-account/disconnect', { key, body: { teamId, type: 'PINTEREST' } });
    expect(again.status).toBe(404);

    // Not due yet: the job leaves it alone.
    await removeDisconnectedAccounts(t.services, account.id);
    expect((await t.request('GET', '/social-account/to-delete', { key })).json.pagination.total).toBe(1);

    await t.services.db
      .update(socialAccounts)
      .set({ deleteOn: new Date(Date.now() - 1000) })
      .where(eq(socialAccounts.id, account.id));
    await removeDisconnectedAccounts(t.services);
    await removeDisconnectedAccounts(t.services, account.id);
    expect((await t.request('GET', '/social-account/to-delete', { key })).json.pagination.total).toBe(0);
    expect(await t.services.db.select().from(socialAccounts).where(eq(socialAccounts.id, account.id))).toEqual([]);
  });

  it('schedules the removal job for deleteOn in the disconnect transaction', async () => {
    const { key, teamId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'THREADS' });
    const disconnected = await t.request('DELETE', '/social-account/disconnect', { key, body: { teamId, type: 'THREADS' } });
    const executor = t.services.database.kind === 'pglite' ? t.services.database.driver.pglite! : null;
    const query = "select start_after, data from pgboss.job where name = 'remove-disconnected-account' and data->>'socialAccountId' = $1";
    const rows = executor
      ? (await executor.query<{ start_after: Date }>(query, [account.id])).rows
      : await t.services.database.driver.sql!.unsafe(query, [account.id]);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.start_after).getTime()).toBe(Date.parse(disconnected.json.deleteOn));
  });

  it('brings the same record back when the same account connects again in the grace period', async () => {
    const { key, teamId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'BLUESKY', username: 'nora.silva' });
    await t.request('DELETE', '/social-account/disconnect', { key, body: { teamId, type: 'BLUESKY' } });
    const back = await sandboxAccount(t, key, { teamId, type: 'BLUESKY', username: 'nora.silva' });
    expect(back).toMatchObject({ id: account.id, deletedAt: null, deleteOn: null });
    const other = await sandboxAccount(t, key, { teamId: (await t.request('POST', '/team', { key, body: { name: 'Other team' } })).json.id, type: 'BLUESKY' });
    expect(other.id).not.toBe(account.id);
  });

  it('pages to-delete and validates its query', async () => {
    const { key, teamId } = await t.createOrg();
    for (const type of ['TIKTOK', 'THREADS', 'BLUESKY']) {
      await sandboxAccount(t, key, { teamId, type });
      await t.request('DELETE', '/social-account/disconnect', { key, body: { teamId, type } });
    }
    const page = await t.request('GET', '/social-account/to-delete?page=2&pageSize=2', { key });
    expect(page.json.items).toHaveLength(1);
    expect(page.json.pagination).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect((await t.request('GET', '/social-account/to-delete?pageSize=101', { key })).status).toBe(400);
  });
});

describe('copy between teams', () => {
  it('copies accounts, resetting the selected page when asked', async () => {
    const { key, teamId, organizationId } = await t.createOrg();
    const target = (await t.request('POST', '/team', { key, body: { name: 'Target team' } })).json.id;
    const facebook = await sandboxAccount(t, key, { teamId, type: 'FACEBOOK', channelName: 'Corner Bakery' });
    expect(facebook.displayName).toBe('Corner Bakery');
    await sandboxAccount(t, key, { teamId, type: 'TWITTER' });

    const copied = await t.request('POST', '/social-account/copy', {
      key,
      body: { fromTeamId: teamId, toTeamId: target, socialAccountTypes: ['FACEBOOK', 'TWITTER'], resetChannel: true },
    });
    expect(copied.status).toBe(200);
    expect(copied.json.map((account: { type: string }) => account.type)).toEqual(['FACEBOOK', 'TWITTER']);
    expect(copied.json[0]).toMatchObject({ teamId: target, channelId: null, externalId: null, userId: facebook.userId, messagingStatus: 'DISABLED' });
    expect(copied.json[0].id).not.toBe(facebook.id);
    expect(copied.json[1].externalId).toEqual(expect.any(String));

    const third = (await t.request('POST', '/team', { key, body: { name: 'Third team' } })).json.id;
    const kept = await t.request('POST', '/social-account/copy', { key, body: { fromTeamId: teamId, toTeamId: third, socialAccountTypes: ['FACEBOOK'] } });
    expect(kept.json[0]).toMatchObject({ channelId: facebook.channelId, displayName: 'Corner Bakery' });

    const conflict = await t.request('POST', '/social-account/copy', { key, body: { fromTeamId: teamId, toTeamId: target, socialAccountTypes: ['TWITTER'] } });
    expect(conflict.status).toBe(409);
    const missing = await t.request('POST', '/social-account/copy', { key, body: { fromTeamId: teamId, toTeamId: target, socialAccountTypes: ['YOUTUBE'] } });
    expect(missing.status).toBe(404);
    const same = await t.request('POST', '/social-account/copy', { key, body: { fromTeamId: teamId, toTeamId: teamId, socialAccountTypes: ['TWITTER'] } });
    expect(same.status).toBe(400);
    const empty = await t.request('POST', '/social-account/copy', { key, body: { fromTeamId: teamId, toTeamId: target, socialAccountTypes: [] } });
    expect(empty.json.issues[0]).toMatchObject({ code: 'too_small', path: ['socialAccountTypes'] });
    const created = await t.services.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, organizationId), eq(outboxEvents.teamId, target)))
      .orderBy(asc(outboxEvents.seq));
    expect(created.map((event) => event.type)).toEqual(['team.created', 'social-account.created', 'social-account.created']);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for every account endpoint pointed at another organization's team", async () => {
    const mine = await t.createOrg('PRO', ['dms']);
    const theirs = await t.createOrg('PRO', ['dms']);
    const account = await sandboxAccount(t, theirs.key, { teamId: theirs.teamId, type: 'FACEBOOK', channelName: 'Their page', grantMessaging: true });
    const ref = { teamId: theirs.teamId, type: 'FACEBOOK' };
    const calls: [string, string, unknown][] = [
      ['GET', `/social-account/by-type?teamId=${theirs.teamId}&type=FACEBOOK`, undefined],
      ['DELETE', '/social-account/disconnect', ref],
      ['POST', '/social-account/set-channel', { ...ref, channelId: account.channelId }],
      ['POST', '/social-account/unset-channel', ref],
      ['POST', '/social-account/refresh-channels', ref],
      ['POST', '/social-account/connection-check', ref],
      ['POST', '/social-account/profile-refresh', ref],
      ['POST', '/social-account/messaging/enable', ref],
      ['POST', '/social-account/messaging/disable', ref],
      ['POST', '/social-account/copy', { fromTeamId: theirs.teamId, toTeamId: mine.teamId, socialAccountTypes: ['FACEBOOK'] }],
      ['POST', '/social-account/copy', { fromTeamId: mine.teamId, toTeamId: theirs.teamId, socialAccountTypes: ['FACEBOOK'] }],
      ['GET', `/organization/usage/daily-limits?socialAccountId=${account.id}`, undefined],
      ['GET', `/team/${theirs.teamId}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.request(method, path, { key: mine.key, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.request('GET', '/social-account/to-delete', { key: mine.key })).json.pagination.total).toBe(0);
    const still = await t.request('GET', `/social-account/by-type?teamId=${theirs.teamId}&type=FACEBOOK`, { key: theirs.key });
    expect(still.json).toMatchObject({ id: account.id, deletedAt: null, channelId: account.channelId });
  });

  it('fills socialAccounts on GET /team/:id', async () => {
    const { key, teamId } = await t.createOrg();
    const a = await sandboxAccount(t, key, { teamId, type: 'YOUTUBE', channelName: 'Cooking with Ava' });
    const b = await sandboxAccount(t, key, { teamId, type: 'MASTODON' });
    const team = await t.request('GET', `/team/${teamId}`, { key });
    expect(team.json.socialAccounts.map((account: { id: string }) => account.id)).toEqual([a.id, b.id]);
    expect(team.json.socialAccounts[0]).toMatchObject({
      type: 'YOUTUBE',
      displayName: 'Cooking with Ava',
      externalId: expect.stringMatching(/^UC[A-Za-z0-9]{22}$/),
    });
  });
});
