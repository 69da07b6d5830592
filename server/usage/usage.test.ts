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
