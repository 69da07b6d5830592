import { describe, expect, it } from 'vitest';
import { posts } from '../db/schema/posts';
import { createTestApp } from '../test/test-app';
import { utcMonthRange } from './post-quotas';
import { connectAccount, inDays } from './posts-test-kit';

const t = await createTestApp();

const toot = (teamId: string, postDate: string, status = 'SCHEDULED') => ({
  teamId,
  title: 'Toot',
  postDate,
  status,
  socialAccountTypes: ['MASTODON'],
  data: { MASTODON: { text: 'Hello' } },
});

/** 23:59:59.999 of a UTC day and 00:00 of the next: the edge of a daily quota. */
function dayEdge(daysAhead: number) {
  const end = new Date(inDays(daysAhead, 0));
  end.setUTCHours(23, 59, 59, 999);
  const next = new Date(end.getTime() + 1);
  return { lastMoment: end.toISOString(), nextDay: next.toISOString() };
}

describe('daily per-account post limits', () => {
  it('stops at the plan’s limit for the UTC day of the scheduled date, and frees the day when a post is deleted', async () => {
    const { key, teamId } = await t.createOrg('FREE');
    await connectAccount(t, key, teamId, 'MASTODON', { username: 'quota_toots' });
    const { lastMoment, nextDay } = dayEdge(2);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await t.request('POST', '/post', { key, body: toot(teamId, lastMoment) });
      expect(response.status).toBe(200);
      ids.push(response.json.id);
    }
    const over = await t.request('POST', '/post', { key, body: toot(teamId, lastMoment) });
    expect(over.status).toBe(403);
    expect(over.json.message).toMatch(/Daily post limit reached for @quota_toots on MASTODON: 10 posts per UTC day on the FREE plan/);
    // One millisecond later is another UTC day.
    expect((await t.request('POST', '/post', { key, body: toot(teamId, nextDay) })).status).toBe(200);
    // Drafts use no quota.
    expect((await t.request('POST', '/post', { key, body: toot(teamId, lastMoment, 'DRAFT') })).status).toBe(200);

    const account = (await t.request('GET', `/team/${teamId}`, { key })).json.socialAccounts[0];
    const limits = await t.request('GET', `/organization/usage/daily-limits?socialAccountId=${account.id}&date=${lastMoment}`, { key });
    expect(limits.json.posts).toEqual({ used: 10, limit: 10, remaining: 0 });

    await t.request('DELETE', `/post/${ids[0]}`, { key });
    expect((await t.request('POST', '/post', { key, body: toot(teamId, lastMoment) })).status).toBe(200);
  });

  it('follows the real platform account across teams', async () => {
    const { key, teamId } = await t.createOrg('FREE');
    const second = (await t.request('POST', '/team', { key, body: { name: 'Second team' } })).json.id as string;
    const a = await connectAccount(t, key, teamId, 'MASTODON', { username: 'shared_toots' });
    const b = await connectAccount(t, key, second, 'MASTODON', { username: 'shared_toots' });
    expect(b.externalId).toBe(a.externalId);
    const day = inDays(3);
    for (let i = 0; i < 5; i++) expect((await t.request('POST', '/post', { key, body: toot(teamId, day) })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await t.request('POST', '/post', { key, body: toot(second, day) })).status).toBe(200);
    expect((await t.request('POST', '/post', { key, body: toot(second, day) })).status).toBe(403);
  });
});

describe('monthly organization post limit', () => {
  it('counts posts by creation month, not drafts, and keeps counting deleted ones', async () => {
    const { key, teamId, organizationId } = await t.createOrg('FREE');
    await connectAccount(t, key, teamId, 'MASTODON');
    // Last month's posts do not count this month.
    const { start } = utcMonthRange(new Date());
    await t.services.db.insert(posts).values({
      organizationId,
      teamId,
      title: 'Old',
      status: 'POSTED',
      postDate: new Date(start.getTime() - 1),
      platforms: ['MASTODON'],
      data: { MASTODON: { text: 'old' } },
      countedAt: new Date(start.getTime() - 1),
    });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      // Spread over days so the daily limit (10) is not what stops us.
      const response = await t.request('POST', '/post', { key, body: toot(teamId, inDays(10 + Math.floor(i / 5))) });
      expect(response.status, `post ${i}`).toBe(200);
      ids.push(response.json.id);
    }
    expect((await t.request('GET', '/organization/usage/posts', { key })).json).toEqual({ used: 20, limit: 20, remaining: 0 });
    await t.request('DELETE', `/post/${ids[0]}`, { key });
    const over = await t.request('POST', '/post', { key, body: toot(teamId, inDays(20)) });
    expect(over.status).toBe(403);
    expect(over.json.message).toMatch(/Monthly post limit reached: 20 posts per month on the FREE plan/);
    // A draft is fine, and scheduling it later is refused the same way.
    const draft = await t.request('POST', '/post', { key, body: toot(teamId, inDays(20), 'DRAFT') });
    expect(draft.status).toBe(200);
    expect((await t.request('PATCH', `/post/${draft.json.id}`, { key, body: { status: 'SCHEDULED' } })).status).toBe(403);
  });

  it('computes UTC month ranges at the edges', () => {
    expect(utcMonthRange(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
    expect(utcMonthRange(new Date('2027-01-01T00:00:00Z')).start).toEqual(new Date('2027-01-01T00:00:00Z'));
  });
});
