import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addCredits } from '../billing/credits.service';
import { forcedAnalyticsRefreshes } from '../db/schema/analytics';
import { connectAccount } from '../posts/posts-test-kit';
import { postJobs } from '../posts/posts.jobs';
import { createTestApp } from '../test/test-app';
import { addFault, publishNow } from './analytics-test-kit';

const t = await createTestApp({ work: true, workOnly: postJobs });

async function orgWithMastodon(plan: 'PRO' | 'FREE' = 'PRO') {
  const org = await t.createOrg(plan);
  const mastodon = await connectAccount(t, org.key, org.teamId, 'MASTODON');
  return { ...org, mastodon };
}

const forceAccount = (key: string, teamId: string, platformType = 'MASTODON') =>
  t.request('POST', '/analytics/social-account/force', { key, body: { teamId, platformType } });
const forcePost = (key: string, postId: string, platformType = 'MASTODON') =>
  t.request('POST', '/analytics/post/force', { key, body: { postId, platformType } });

describe('analytics', { timeout: 120_000 }, () => {
  it('answers a clear 403 on every analytics route for a FREE organization', async () => {
    const { key, teamId } = await orgWithMastodon('FREE');
    const calls = [
      t.request('GET', `/analytics/social-account?teamId=${teamId}&platformType=MASTODON`, { key }),
      t.request('GET', `/analytics/social-account/raw?teamId=${teamId}&platformType=MASTODON`, { key }),
      t.request('GET', `/analytics/post?postId=abc&platformType=MASTODON`, { key }),
      t.request('GET', `/analytics/post/raw?postId=abc&platformType=MASTODON`, { key }),
      t.request('GET', `/analytics/post/bulk?postIds=abc&platformType=MASTODON`, { key }),
      forceAccount(key, teamId),
      forcePost(key, 'abc'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(response.json).toMatchObject({ statusCode: 403, message: expect.stringContaining('paid-plan feature') });
    }
  });

  it('charges a forced X refresh from prepaid credits: 402 with nothing read when short, one charge per read', async () => {
    const { key, teamId, organizationId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'TWITTER');
    const short = await forceAccount(key, teamId, 'TWITTER');
    expect(short.status).toBe(402);
    expect(short.json.message).toMatch(/Not enough prepaid credits/);
    expect((await t.request('GET', `/analytics/social-account?teamId=${teamId}&platformType=TWITTER`, { key })).json.items).toEqual([]);

    await addCredits(t.services.db, { organizationId, amountMicros: 1_000_000 });
    const paid = await forceAccount(key, teamId, 'TWITTER');
    expect(paid.status, paid.text).toBe(200);
    const balance = await t.request('GET', '/billing/credits/balance', { key });
    expect(balance.status).toBe(200);
    // One X user read (0.01 USD) spent of the dollar added, and nothing held.
    expect(balance.json).toMatchObject({ balanceMicros: 990_000, heldMicros: 0, availableMicros: 990_000 });
  });

  it('keeps one snapshot per refresh of an account, charted oldest first, with the raw answers', async () => {
    const { key, teamId, mastodon } = await orgWithMastodon();
    const empty = await t.request('GET', `/analytics/social-account?teamId=${teamId}&platformType=MASTODON`, { key });
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ socialAccount: { id: mastodon.id, type: 'MASTODON' }, items: [] });

    await publishNow(t, key, teamId, { MASTODON: { text: 'Counting followers' } });
    const first = await forceAccount(key, teamId);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ socialAccountId: mastodon.id, forced: true, postCount: 1 });
    expect(first.json.followers).toBeGreaterThan(100);
    const second = await forceAccount(key, teamId);
    expect(second.json.followers).toBeGreaterThanOrEqual(first.json.followers);
    expect(second.json.impressions).toBeGreaterThanOrEqual(first.json.impressions);

    const history = await t.request('GET', `/analytics/social-account?teamId=${teamId}&platformType=MASTODON`, { key });
    expect(history.json.items.map((item: { id: string }) => item.id)).toEqual([first.json.id, second.json.id]);
    const raw = await t.request('GET', `/analytics/social-account/raw?teamId=${teamId}&platformType=MASTODON`, { key });
    expect(raw.status).toBe(200);
    expect(raw.json.items[0]).toMatchObject({ analyticsId: first.json.id, socialAccountId: mastodon.id, forced: true });
    expect(raw.json.items[0].raw.metrics.followers).toBe(first.json.followers);
  });

  it("answers 404 for an account type the team has not connected, and for another organization's team", async () => {
    const { key, teamId } = await orgWithMastodon();
    const other = await orgWithMastodon();
    expect((await t.request('GET', `/analytics/social-account?teamId=${teamId}&platformType=TIKTOK`, { key })).status).toBe(404);
    expect((await t.request('GET', `/analytics/social-account?teamId=${other.teamId}&platformType=MASTODON`, { key })).status).toBe(404);
    expect((await forceAccount(key, other.teamId)).status).toBe(404);
  });

  it('limits forced refreshes to 6 per account per rolling 24 hours; the 7th is 429', async () => {
    const { key, teamId, mastodon } = await orgWithMastodon();
    for (let i = 0; i < 6; i++) expect((await forceAccount(key, teamId)).status).toBe(200);
    const seventh = await forceAccount(key, teamId);
    expect(seventh.status).toBe(429);
    expect(seventh.json.message).toMatch(/6 per social account per rolling 24 hours/);
    expect(Number(seventh.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);

    // The window rolls: once the oldest use is more than 24 hours old, one more is allowed.
    const target = `account:${mastodon.id}`;
    const [oldest] = await t.services.db
      .select()
      .from(forcedAnalyticsRefreshes)
      .where(eq(forcedAnalyticsRefreshes.target, target))
      .orderBy(forcedAnalyticsRefreshes.createdAt)
      .limit(1);
    await t.services.db
      .update(forcedAnalyticsRefreshes)
      .set({ createdAt: sql`now() - interval '24 hours 1 second'` })
      .where(eq(forcedAnalyticsRefreshes.id, oldest!.id));
    expect((await forceAccount(key, teamId)).status).toBe(200);
    expect((await forceAccount(key, teamId)).status).toBe(429);
    // Six in the window, and seven snapshots kept.
    const history = await t.request('GET', `/analytics/social-account?teamId=${teamId}&platformType=MASTODON`, { key });
    expect(history.json.items).toHaveLength(7);
  });

  it('turns a sandbox RATE_LIMITED fault into 429 and a TRANSIENT one into 502, without using the limit', async () => {
    const { key, teamId, mastodon } = await orgWithMastodon();
    await addFault(t, key, {
      type: 'MASTODON',
      socialAccountId: mastodon.id,
      operation: 'analytics.account',
      kind: 'RATE_LIMITED',
      retryAfterSeconds: 120,
      count: 1,
    });
    const limited = await forceAccount(key, teamId);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('120');
    expect(limited.json.message).toMatch(/rate limit/i);
    await addFault(t, key, { type: 'MASTODON', operation: 'analytics.account', kind: 'TRANSIENT', count: 1 });
    const failed = await forceAccount(key, teamId);
    expect(failed.status).toBe(502);
    expect(failed.json.message).toMatch(/temporarily unavailable/);
    for (let i = 0; i < 6; i++) expect((await forceAccount(key, teamId)).status).toBe(200);
    expect((await forceAccount(key, teamId)).status).toBe(429);
  });

  it('reads a published post: real comments and likes count, numbers grow, 6 forced per post per 24 hours', async () => {
    const { key, teamId, mastodon } = await orgWithMastodon();
    const post = await publishNow(t, key, teamId, { MASTODON: { text: 'Grow please' } });
    const before = await t.request('GET', `/analytics/post?postId=${post.id}&platformType=MASTODON`, { key });
    expect(before.status).toBe(200);
    expect(before.json.post.id).toBe(post.id);
    expect(before.json.items).toEqual([]);
    expect(before.json.profilePost).toBeUndefined();

    const first = await forcePost(key, post.id);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ forced: true, comments: 0 });
    for (const text of ['Nice!', 'Love it']) {
      const comment = await t.request('POST', '/sandbox/inbound/comment', { key, body: { socialAccountId: mastodon.id, text } });
      expect(comment.status).toBe(200);
    }
    const second = await forcePost(key, post.id);
    expect(second.json.comments).toBe(2);
    for (const metric of ['impressions', 'views', 'likes', 'shares', 'saves']) expect(second.json[metric]).toBeGreaterThanOrEqual(first.json[metric]);

    const history = await t.request('GET', `/analytics/post?postId=${post.id}&platformType=MASTODON`, { key });
    expect(history.json.profilePost).toMatchObject({
      postId: post.id,
      internal: true,
      externalId: post.externalData.MASTODON!.id,
      permalink: post.externalData.MASTODON!.permalink,
    });
    expect(history.json.items.map((item: { comments: number }) => item.comments)).toEqual([0, 2]);
    const raw = await t.request('GET', `/analytics/post/raw?postId=${post.id}&platformType=MASTODON`, { key });
    expect(raw.json.items[1]).toMatchObject({ analyticsId: second.json.id, profilePostId: history.json.profilePost.id });
    expect(raw.json.items[1].raw.metrics.comments).toBe(2);

    for (let i = 0; i < 4; i++) expect((await forcePost(key, post.id)).status).toBe(200);
    const seventh = await forcePost(key, post.id);
    expect(seventh.status).toBe(429);
    expect(seventh.json.message).toMatch(/6 per post per rolling 24 hours/);
    // The post's limit is its own: the account can still be refreshed.
    expect((await forceAccount(key, teamId)).status).toBe(200);
  });

  it('keeps postId + platformType and importedPostId mutually exclusive, and 404s what does not exist', async () => {
    const { key, teamId } = await orgWithMastodon();
    const post = await publishNow(t, key, teamId, { MASTODON: { text: 'Exclusive' } });
    for (const query of [`postId=${post.id}&platformType=MASTODON&importedPostId=x`, `importedPostId=x&platformType=MASTODON`, ``, `postId=${post.id}`]) {
      const response = await t.request('GET', `/analytics/post?${query}`, { key });
      expect(response.status, query).toBe(400);
      expect(response.json.issues.length).toBeGreaterThan(0);
    }
    expect((await t.request('POST', '/analytics/post/force', { key, body: { postId: post.id, importedPostId: 'x' } })).status).toBe(400);
    const imported = await t.request('GET', '/analytics/post?importedPostId=nosuchimportedpost', { key });
    expect(imported.status).toBe(404);
    expect(imported.json.message).toBe('Imported post not found');
    expect((await t.request('POST', '/analytics/post/force', { key, body: { importedPostId: 'nosuchimportedpost' } })).status).toBe(404);
    expect((await t.request('GET', `/analytics/post?postId=${post.id}&platformType=TIKTOK`, { key })).status).toBe(404);
    expect((await t.request('GET', `/analytics/post?postId=nosuchpost&platformType=MASTODON`, { key })).status).toBe(404);
    const stranger = await orgWithMastodon();
    expect((await t.request('GET', `/analytics/post?postId=${post.id}&platformType=MASTODON`, { key: stranger.key })).status).toBe(404);
    expect((await forcePost(stranger.key, post.id)).status).toBe(404);
  });

  it('refuses a forced refresh of a post not published yet', async () => {
    const { key, teamId } = await orgWithMastodon();
    const draft = await t.request('POST', '/post', {
      key,
      body: {
        teamId,
        title: 'Draft',
        postDate: new Date(Date.now() + 86_400_000).toISOString(),
        status: 'DRAFT',
        socialAccountTypes: ['MASTODON'],
        data: { MASTODON: { text: 'later' } },
      },
    });
    const response = await forcePost(key, draft.json.id);
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(/not published on Mastodon yet/);
  });

  it('pages bulk analytics (at most 60 ids, 20 per page) with an error per unreadable post', async () => {
    const { key, teamId } = await orgWithMastodon();
    const published = [await publishNow(t, key, teamId, { MASTODON: { text: 'one' } }), await publishNow(t, key, teamId, { MASTODON: { text: 'two' } })];
    expect((await forcePost(key, published[0]!.id)).status).toBe(200);
    const ids = [published[0]!.id, published[1]!.id, ...Array.from({ length: 23 }, (_, i) => `missing${i}`)];
    const query = (list: string[], extra = '') => `/analytics/post/bulk?${list.map((id) => `postIds=${id}`).join('&')}&platformType=MASTODON${extra}`;

    const page1 = await t.request('GET', query(ids), { key });
    expect(page1.status).toBe(200);
    expect(page1.json.pagination).toEqual({ page: 1, limit: 20, total: 25, totalPages: 2 });
    expect(page1.json.results).toHaveLength(20);
    expect(page1.json.results[0]).toMatchObject({ postId: published[0]!.id, error: null });
    expect(page1.json.results[0].items).toHaveLength(1);
    expect(page1.json.results[1]).toEqual({ postId: published[1]!.id, items: [], error: null });
    expect(page1.json.results[2]).toEqual({ postId: 'missing0', items: [], error: 'Post not found' });
    const page2 = await t.request('GET', query(ids, '&page=2'), { key });
    expect(page2.json.results.map((result: { postId: string }) => result.postId)).toEqual(ids.slice(20));
    const small = await t.request('GET', query(ids, '&limit=5&page=3'), { key });
    expect(small.json.pagination).toEqual({ page: 3, limit: 5, total: 25, totalPages: 5 });
    expect(small.json.results.map((result: { postId: string }) => result.postId)).toEqual(ids.slice(10, 15));
    const single = await t.request('GET', `/analytics/post/bulk?postIds=${published[0]!.id}&platformType=TIKTOK`, { key });
    expect(single.json.results).toEqual([{ postId: published[0]!.id, items: [], error: 'The post has no TikTok target' }]);

    const sixtyOne = Array.from({ length: 61 }, (_, i) => `id${i}`);
    expect((await t.request('GET', query(sixtyOne), { key })).status).toBe(400);
    expect((await t.request('GET', query(sixtyOne.slice(0, 60)), { key })).status).toBe(200);
    expect((await t.request('GET', query(ids, '&limit=21'), { key })).status).toBe(400);
    expect((await t.request('GET', '/analytics/post/bulk?platformType=MASTODON', { key })).status).toBe(400);
    // Another organization's post reads as missing.
    const stranger = await orgWithMastodon();
    const foreign = await t.request('GET', query([published[0]!.id]), { key: stranger.key });
    expect(foreign.json.results[0]).toEqual({ postId: published[0]!.id, items: [], error: 'Post not found' });
  });

  it('follows YouTube: lifetime values, subscribers as followers, favorites as saves, no shares', async () => {
    const org = await t.createOrg('BUSINESS');
    await connectAccount(t, org.key, org.teamId, 'YOUTUBE', { channelName: 'Stats Lab' });
    const account = await forceAccount(org.key, org.teamId, 'YOUTUBE');
    expect(account.status).toBe(200);
    const raw = await t.request('GET', `/analytics/social-account/raw?teamId=${org.teamId}&platformType=YOUTUBE`, { key: org.key });
    const statistics = raw.json.items[0].raw.statistics;
    expect(typeof statistics.subscriberCount).toBe('string');
    expect(account.json.followers).toBe(Number(statistics.subscriberCount));
    expect(account.json.likes).toBe(0);
    expect(account.json.following).toBe(0);
  });
});
