import { describe, expect, it } from 'vitest';
import { platformQuotaUsage } from '../db/schema/usage';
import { sandboxAccount } from '../sandbox-platform/test-helpers';
import { createTestApp } from '../test/test-app';

const t = await createTestApp();

describe('daily per-account limits', () => {
  it("answers the spec's limits for the organization's plan", async () => {
    const expectations: [plan: 'FREE' | 'PRO' | 'BUSINESS', type: string, posts: number, comments: number][] = [
      ['FREE', 'TWITTER', 5, 0],
      ['PRO', 'TWITTER', 15, 0],
      ['FREE', 'INSTAGRAM', 10, 3],
      ['BUSINESS', 'INSTAGRAM', 100, 100],
      ['PRO', 'LINKEDIN', 18, 18],
      ['BUSINESS', 'YOUTUBE', 15, 15],
      ['PRO', 'THREADS', 200, 200],
      ['BUSINESS', 'PINTEREST', 36, 0],
      ['PRO', 'GOOGLE_BUSINESS', 20, 0],
      ['BUSINESS', 'DISCORD', 200, 200],
      ['FREE', 'TIKTOK', 5, 3],
    ];
    for (const [plan, type, posts, comments] of expectations) {
      const { key, teamId } = await t.createOrg(plan);
      const account = await sandboxAccount(t, key, { teamId, type });
      const response = await t.request('GET', `/organization/usage/daily-limits?socialAccountId=${account.id}`, { key });
      expect(response.status).toBe(200);
      expect(response.json, `${plan} ${type}`).toEqual({
        date: new Date().toISOString().slice(0, 10),
        socialAccountId: account.id,
        type,
        posts: { used: 0, limit: posts, remaining: posts },
        comments: { used: 0, limit: comments, remaining: comments },
      });
    }
  });

  it('counts the UTC day asked for, shared by every team that connected the same platform account', async () => {
    const { key, teamId, organizationId } = await t.createOrg('FREE');
    const second = (await t.request('POST', '/team', { key, body: { name: 'Second team' } })).json.id;
    const a = await sandboxAccount(t, key, { teamId, type: 'INSTAGRAM', username: 'shared.shop' });
    const b = await sandboxAccount(t, key, { teamId: second, type: 'INSTAGRAM', username: 'shared.shop' });
    const other = await sandboxAccount(t, key, { teamId: second, type: 'THREADS', username: 'shared.shop' });
    expect(b.externalId).toBe(a.externalId);
    // What the publishing and comments domains record when they use the quota.
    await t.services.db.insert(platformQuotaUsage).values([
      { organizationId, platform: 'INSTAGRAM', externalAccountId: a.externalId, kind: 'POST', day: '2026-03-04', itemId: 'post-1' },
      { organizationId, platform: 'INSTAGRAM', externalAccountId: a.externalId, kind: 'POST', day: '2026-03-04', itemId: 'post-2' },
      { organizationId, platform: 'INSTAGRAM', externalAccountId: a.externalId, kind: 'COMMENT', day: '2026-03-04', itemId: 'comment-1' },
      { organizationId, platform: 'INSTAGRAM', externalAccountId: a.externalId, kind: 'POST', day: '2026-03-05', itemId: 'post-3' },
      { organizationId, platform: 'THREADS', externalAccountId: other.externalId, kind: 'POST', day: '2026-03-04', itemId: 'post-4' },
    ]);
    for (const account of [a, b]) {
      const late = await t.request(
        'GET',
        `/organization/usage/daily-limits?socialAccountId=${account.id}&date=${encodeURIComponent('2026-03-04T12:00:00-05:00')}`,
        { key },
      );
      expect(late.json).toMatchObject({ date: '2026-03-04', posts: { used: 2, limit: 10, remaining: 8 }, comments: { used: 1, limit: 3, remaining: 2 } });
      // 23:30 at UTC-05:00 is already March 5 in UTC.
      const nextDay = await t.request(
        'GET',
        `/organization/usage/daily-limits?socialAccountId=${account.id}&date=${encodeURIComponent('2026-03-04T23:30:00-05:00')}`,
        { key },
      );
      expect(nextDay.json).toMatchObject({ date: '2026-03-05', posts: { used: 1 } });
    }
  });

  it('validates the query and hides other organizations’ accounts', async () => {
    const { key } = await t.createOrg();
    const missing = await t.request('GET', '/organization/usage/daily-limits', { key });
    expect(missing.json.issues[0]).toMatchObject({ code: 'invalid_type', path: ['socialAccountId'] });
    const badDate = await t.request('GET', '/organization/usage/daily-limits?socialAccountId=x&date=someday', { key });
    expect(badDate.json.issues[0]).toMatchObject({ code: 'custom', path: ['date'] });
    const unknown = await t.request('GET', '/organization/usage/daily-limits?socialAccountId=nope', { key });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Social account not found');
  });
});

describe('daily limits over a range of days', () => {
  const rangeOf = (query: string, key: string) => t.request('GET', `/organization/usage/daily-limits/range?${query}`, { key });

  it('answers every account of a team, and named ones, with the days they used, shared by teams connecting the same account', async () => {
    const { key, teamId, organizationId } = await t.createOrg('FREE');
    const second = (await t.request('POST', '/team', { key, body: { name: 'Second team' } })).json.id;
    const instagram = await sandboxAccount(t, key, { teamId, type: 'INSTAGRAM', username: 'range.shop' });
    const twitter = await sandboxAccount(t, key, { teamId, type: 'TWITTER', username: 'range_shop' });
    const sameInstagram = await sandboxAccount(t, key, { teamId: second, type: 'INSTAGRAM', username: 'range.shop' });
    await t.services.db.insert(platformQuotaUsage).values([
      { organizationId, platform: 'INSTAGRAM', externalAccountId: instagram.externalId, kind: 'POST', day: '2026-03-04', itemId: 'post-1' },
      { organizationId, platform: 'INSTAGRAM', externalAccountId: instagram.externalId, kind: 'POST', day: '2026-03-04', itemId: 'post-2' },
      { organizationId, platform: 'INSTAGRAM', externalAccountId: instagram.externalId, kind: 'COMMENT', day: '2026-03-04', itemId: 'comment-1' },
      { organizationId, platform: 'INSTAGRAM', externalAccountId: instagram.externalId, kind: 'POST', day: '2026-03-10', itemId: 'post-3' },
      // Outside the range asked for.
      { organizationId, platform: 'INSTAGRAM', externalAccountId: instagram.externalId, kind: 'POST', day: '2026-04-20', itemId: 'post-4' },
      { organizationId, platform: 'TWITTER', externalAccountId: twitter.externalId, kind: 'POST', day: '2026-03-01', itemId: 'post-5' },
    ]);

    const team = await rangeOf(`teamId=${teamId}&from=2026-03-01&to=2026-03-31`, key);
    expect(team.status).toBe(200);
    expect(team.json).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      items: [
        {
          socialAccountId: instagram.id,
          type: 'INSTAGRAM',
          limits: { posts: 10, comments: 3 },
          days: [
            { date: '2026-03-04', posts: 2, comments: 1 },
            { date: '2026-03-10', posts: 1, comments: 0 },
          ],
        },
        { socialAccountId: twitter.id, type: 'TWITTER', limits: { posts: 5, comments: 0 }, days: [{ date: '2026-03-01', posts: 1, comments: 0 }] },
      ],
    });

    // The other team's connection of the same Instagram account counts the same posts; repeated or comma-separated ids.
    const named = await rangeOf(`socialAccountId=${sameInstagram.id},${twitter.id}&from=2026-03-04&to=2026-03-04`, key);
    expect(named.json.items.map((item: { socialAccountId: string }) => item.socialAccountId).sort()).toEqual([sameInstagram.id, twitter.id].sort());
    expect(named.json.items.find((item: { socialAccountId: string }) => item.socialAccountId === sameInstagram.id).days).toEqual([
      { date: '2026-03-04', posts: 2, comments: 1 },
    ]);
    const repeated = await rangeOf(`socialAccountId=${sameInstagram.id}&socialAccountId=${sameInstagram.id}&from=2026-03-01&to=2026-03-02`, key);
    expect(repeated.json.items).toEqual([{ socialAccountId: sameInstagram.id, type: 'INSTAGRAM', limits: { posts: 10, comments: 3 }, days: [] }]);
  });

  it('validates the query with the error envelope and hides other organizations’ teams and accounts', async () => {
    const { key, teamId } = await t.createOrg();
    const other = await t.createOrg();
    const foreign = await sandboxAccount(t, other.key, { teamId: other.teamId, type: 'INSTAGRAM' });

    const cases: [query: string, path: string[], code: string][] = [
      ['from=2026-03-01&to=2026-03-02', ['teamId'], 'custom'],
      [`teamId=${teamId}&to=2026-03-02`, ['from'], 'invalid_type'],
      [`teamId=${teamId}&from=2026-3-1&to=2026-03-02`, ['from'], 'invalid_string'],
      [`teamId=${teamId}&from=2026-02-30x&to=2026-03-02`, ['from'], 'invalid_string'],
      [`teamId=${teamId}&from=2026-03-05&to=2026-03-02`, ['to'], 'custom'],
      [`teamId=${teamId}&from=2026-01-01&to=2026-03-04`, ['to'], 'custom'],
      [`teamId=${teamId}&from=2026-03-01&to=2026-03-02&date=2026-03-01`, [], 'unrecognized_keys'],
    ];
    for (const [query, path, code] of cases) {
      const response = await rangeOf(query, key);
      expect(response.status, query).toBe(400);
      expect(response.json, query).toMatchObject({ statusCode: 400, message: expect.any(String) });
      expect(response.json.issues[0], query).toMatchObject({ code, path });
    }
    // 62 days, from included to included, is the most.
    expect((await rangeOf(`teamId=${teamId}&from=2026-01-01&to=2026-03-03`, key)).status).toBe(200);

    const foreignTeam = await rangeOf(`teamId=${other.teamId}&from=2026-03-01&to=2026-03-02`, key);
    expect(foreignTeam.status).toBe(404);
    const foreignAccount = await rangeOf(`socialAccountId=${foreign.id}&from=2026-03-01&to=2026-03-02`, key);
    expect(foreignAccount.status).toBe(404);
    expect(foreignAccount.json).toMatchObject({ statusCode: 404, message: 'Social account not found' });
  });
});
