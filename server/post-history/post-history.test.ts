import { describe, expect, it } from 'vitest';
import { adminCommandSchema } from '../admin/admin-command-schema';
import { runAdminCommand } from '../admin/commands';
import { waitFor } from '../comments/comments-test-kit';
import { createTestApp } from '../test/test-app';
import { historyOrg } from './post-history-test-kit';
import { postHistoryJobs } from './post-history.jobs';

const t = await createTestApp({ work: true, workOnly: postHistoryJobs });

const newestFirst = (items: { externalId: string; createdAt: string }[]) => [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

describe('post history import', { timeout: 180_000 }, () => {
  it('imports `count` new posts, and a re-run skips and refreshes those and goes further back', async () => {
    const org = await historyOrg(t, 'PRO', 'INSTAGRAM');
    const seeded = newestFirst(await org.seed(12));
    const started = await org.start({ count: 5, withAnalytics: false });
    expect(started.status, started.text).toBe(201);
    expect(started.json).toMatchObject({
      status: 'PENDING',
      requestedCount: 5,
      withAnalytics: false,
      importCarousels: false,
      surface: 'ALL',
      mediaType: null,
      postsImported: 0,
    });
    const first = await org.waitDone(started.json.id);
    expect(first).toMatchObject({ status: 'COMPLETED', postsImported: 5, postsRefreshed: 0, analyticsImported: 0 });
    expect(first.startedAt && first.completedAt).toBeTruthy();
    let list = await org.posts();
    expect(list.posts.map((post) => post.externalId)).toEqual(seeded.slice(0, 5).map((item) => item.externalId));
    expect(list).toMatchObject({ total: 5, limit: 100, remainingCapacity: 95 });
    const carousel = list.posts.find((post) => post.contentType === 'CAROUSEL');
    expect(carousel?.extraData).toMatchObject({ contentType: 'CAROUSEL', mediaCount: 3 });
    expect(carousel?.extraData).not.toHaveProperty('media');

    // Second run: the 5 known posts are refreshed (now with carousel children) and not counted; 5 older ones come in.
    const second = await org.run({ count: 5, withAnalytics: false, importCarousels: true });
    expect(second).toMatchObject({ status: 'COMPLETED', postsImported: 5, postsRefreshed: 5 });
    list = await org.posts();
    expect(list.posts.map((post) => post.externalId)).toEqual(seeded.slice(0, 10).map((item) => item.externalId));
    expect(list.remainingCapacity).toBe(90);
    const refreshed = list.posts.find((post) => post.id === carousel!.id)!;
    expect((refreshed.extraData as { media: unknown[] }).media).toHaveLength(3);

    // Only 2 are left: the run ends with what there is.
    const third = await org.run({ count: 5, withAnalytics: false });
    expect(third).toMatchObject({ status: 'COMPLETED', postsImported: 2, postsRefreshed: 10 });
    expect((await org.posts()).total).toBe(12);
    const usage = await t.request('GET', `/organization/usage/imports?socialAccountId=${org.account.id}`, { key: org.key });
    expect(usage.json).toMatchObject({
      limitPerSocialAccount: 100,
      socialAccounts: [{ id: org.account.id, type: 'INSTAGRAM', used: 12, limit: 100, remaining: 88 }],
      pagination: { page: 1, total: 1 },
    });
    const listed = await t.request('GET', `/post-history-import?teamId=${org.teamId}&socialAccountType=INSTAGRAM`, { key: org.key });
    expect(listed.json.imports.map((item: { id: string }) => item.id)).toEqual([third.id, second.id, first.id]);
  });

  it('onlyLatest checks only the latest `count` posts and imports the new ones among them', async () => {
    const org = await historyOrg(t, 'PRO', 'MASTODON');
    await org.seed(8);
    expect(await org.run({ count: 3, withAnalytics: false })).toMatchObject({ postsImported: 3 });
    await org.publish({ text: 'Fresh one', format: 'IMAGE' });
    const latest = await org.run({ count: 3, onlyLatest: true, withAnalytics: false });
    expect(latest).toMatchObject({ status: 'COMPLETED', postsImported: 1, postsRefreshed: 2, onlyLatest: true });
    // Nothing new: nothing imported, nothing counted, and it does not walk back.
    const nothing = await org.run({ count: 3, onlyLatest: true, withAnalytics: false });
    expect(nothing).toMatchObject({ status: 'COMPLETED', postsImported: 0, postsRefreshed: 3 });
    expect(await org.posts()).toMatchObject({ total: 4, remainingCapacity: 96 });
  });

  it('caps imports per account and month by plan: FREE stops at 5, then refuses with 403', async () => {
    const org = await historyOrg(t, 'FREE', 'BLUESKY');
    await org.seed(9);
    const run = await org.run({ count: 8 });
    expect(run).toMatchObject({ status: 'COMPLETED', postsImported: 5, analyticsImported: 0 });
    expect(await org.posts()).toMatchObject({ total: 5, limit: 5, remainingCapacity: 0 });
    const refused = await org.start({ count: 1 });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/Monthly post import limit/);
    // The meter follows the real account: reconnecting it does not reset it.
    expect((await t.request('DELETE', '/social-account/disconnect', { key: org.key, body: { teamId: org.teamId, type: 'BLUESKY' } })).status).toBe(200);
    const again = await t.request('POST', '/sandbox/accounts', { key: org.key, body: { teamId: org.teamId, type: 'BLUESKY', username: org.account.username } });
    expect(again.status, again.text).toBe(200);
    expect((await org.start({ count: 1 })).status).toBe(403);

    const business = await historyOrg(t, 'BUSINESS', 'THREADS');
    await business.seed(3);
    await business.run({ count: 100, withAnalytics: false });
    expect(await business.posts()).toMatchObject({ total: 3, limit: 500, remainingCapacity: 497 });
  });

  it('one active import per account: a second start is 409', async () => {
    const org = await historyOrg(t, 'PRO', 'LINKEDIN');
    await org.seed(3);
    await org.fault({ kind: 'RATE_LIMITED', retryAfterSeconds: 30, count: 1 });
    const first = await org.start({ count: 2 });
    expect(first.status).toBe(201);
    expect((await org.start({ count: 2 })).status).toBe(409);
  });

  it('waits out a platform rate limit (RATE_LIMITED with rateLimitResetAt) and resumes by itself', async () => {
    const org = await historyOrg(t, 'PRO', 'TIKTOK');
    await org.seed(4);
    await org.fault({ kind: 'RATE_LIMITED', retryAfterSeconds: 2, count: 1 });
    const started = await org.start({ count: 3 });
    const limited = await waitFor(
      () => org.get(started.json.id),
      (response) => response.json.status === 'RATE_LIMITED',
    );
    expect(limited.json.status).toBe('RATE_LIMITED');
    expect(Date.parse(limited.json.rateLimitResetAt)).toBeGreaterThan(Date.parse(limited.json.startedAt));
    const done = await org.waitDone(started.json.id);
    expect(done).toMatchObject({ status: 'COMPLETED', postsImported: 3, analyticsImported: 3 });
  });

  it('YouTube: shorts carry contentType SHORTS, isShort and /shorts/ links; extraData is always null', async () => {
    const org = await historyOrg(t, 'PRO', 'YOUTUBE');
    const video = await org.publish({ text: 'Long tutorial', format: 'VIDEO', publishedAt: new Date(Date.now() - 86_400_000).toISOString() });
    const short = await org.publish({ text: 'Quick tip', format: 'SHORT' });
    expect((await org.publish({ text: 'x', format: 'STORY' }).catch((error: Error) => error.message)) as string).toMatch(/400/);
    expect(await org.run({ count: 10, importCarousels: true })).toMatchObject({ status: 'COMPLETED', postsImported: 2, analyticsImported: 2 });
    const { posts } = await org.posts();
    const shortPost = posts.find((post) => post.externalId === short.externalId)!;
    expect(shortPost).toMatchObject({
      contentType: 'SHORTS',
      isShort: true,
      type: 'VIDEO',
      extraData: null,
      permalink: `https://www.youtube.com/shorts/${short.externalId}`,
    });
    const videoPost = posts.find((post) => post.externalId === video.externalId)!;
    expect(videoPost).toMatchObject({ contentType: 'VIDEO', isShort: false, extraData: null, permalink: video.permalink });
  });

  it('withAnalytics takes an initial snapshot per imported post, readable with importedPostId', async () => {
    const org = await historyOrg(t, 'PRO', 'FACEBOOK');
    await org.seed(4);
    expect(await org.run({ count: 4 })).toMatchObject({ status: 'COMPLETED', postsImported: 4, analyticsImported: 4 });
    const { posts } = await org.posts();
    expect(posts.every((post) => post.analytics.length === 1)).toBe(true);
    expect(posts[0]!.analytics[0]!.impressions).toBeGreaterThan(0);
    const analytics = await t.request('GET', `/analytics/post?importedPostId=${posts[0]!.id}`, { key: org.key });
    expect(analytics.status, analytics.text).toBe(200);
    expect(analytics.json.profilePost).toMatchObject({ id: posts[0]!.id, internal: false });
    expect(analytics.json.items).toHaveLength(1);
  });

  it('filters by surface and media type where the platform exposes them; elsewhere finds nothing', async () => {
    const org = await historyOrg(t, 'PRO', 'INSTAGRAM');
    await org.seed(10);
    const stories = await org.run({ count: 10, surface: 'STORY', withAnalytics: false });
    expect(stories.postsImported).toBe(2);
    expect((await org.posts()).posts.every((post) => post.type === 'STORY')).toBe(true);
    const videos = await org.run({ count: 10, mediaType: 'VIDEO', withAnalytics: false });
    expect(videos).toMatchObject({ mediaType: 'VIDEO', postsImported: 4 });
    const linkedin = await historyOrg(t, 'PRO', 'LINKEDIN');
    await linkedin.seed(4);
    expect(await linkedin.run({ count: 5, surface: 'STORY' })).toMatchObject({ status: 'COMPLETED', postsImported: 0 });
  });

  it('fails on a refusal, retries from where it stopped, and never stays FETCHING when retries run out', async () => {
    const org = await historyOrg(t, 'PRO', 'PINTEREST');
    await org.seed(3);
    await org.fault({ kind: 'PERMANENT', message: 'Board access denied', count: 1 });
    const failed = await org.run({ count: 3, withAnalytics: false });
    expect(failed).toMatchObject({ status: 'FAILED', error: 'Board access denied', postsImported: 0 });
    const retried = await t.request('POST', `/post-history-import/${failed.id}/retry`, { key: org.key, body: { teamId: org.teamId } });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json).toMatchObject({ id: failed.id, status: 'PENDING', error: null });
    expect(await org.waitDone(failed.id)).toMatchObject({ status: 'COMPLETED', postsImported: 3 });
    expect((await t.request('POST', `/post-history-import/${failed.id}/retry`, { key: org.key, body: { teamId: org.teamId } })).status).toBe(409);

    // Transient trouble every time: after the last attempt the run is FAILED, not left FETCHING_POSTS.
    await org.publish({ text: 'Newer', format: 'IMAGE' });
    await org.fault({ kind: 'TRANSIENT', message: 'Pinterest is down', count: 20 });
    const exhausted = await org.run({ count: 1, withAnalytics: false });
    expect(exhausted).toMatchObject({ status: 'FAILED', error: 'Pinterest is down' });
  });

  it('deletes imported posts with their analytics; other teams’ and organizations’ ids are untouched', async () => {
    const org = await historyOrg(t, 'PRO', 'REDDIT', { channelName: 'r/sideproject' });
    await org.seed(4);
    await org.run({ count: 4 });
    const { posts } = await org.posts();
    const other = await historyOrg(t, 'PRO', 'REDDIT', { channelName: 'r/other' });
    await other.seed(1);
    await other.run({ count: 1, withAnalytics: false });
    const theirs = (await other.posts()).posts[0]!;

    const crossed = await t.request('DELETE', '/post-history-import/posts', { key: org.key, body: { teamId: org.teamId, postIds: [theirs.id] } });
    expect(crossed.json).toEqual({ deletedCount: 0 });
    expect((await other.posts()).total).toBe(1);
    expect((await t.request('GET', `/analytics/post?importedPostId=${theirs.id}`, { key: org.key })).status).toBe(404);
    expect((await t.request('DELETE', '/post-history-import/posts', { key: org.key, body: { teamId: other.teamId, postIds: [theirs.id] } })).status).toBe(404);

    const deleted = await t.request('DELETE', '/post-history-import/posts', {
      key: org.key,
      body: { teamId: org.teamId, postIds: [posts[0]!.id, posts[1]!.id] },
    });
    expect(deleted.json).toEqual({ deletedCount: 2 });
    expect((await org.posts()).total).toBe(2);
    expect((await t.request('GET', `/analytics/post?importedPostId=${posts[0]!.id}`, { key: org.key })).status).toBe(404);

    const job = (await t.request('GET', `/post-history-import?teamId=${other.teamId}`, { key: other.key })).json.imports[0];
    expect((await org.get(job.id)).status).toBe(404);
    expect((await t.request('POST', `/post-history-import/${job.id}/retry`, { key: org.key, body: { teamId: org.teamId } })).status).toBe(404);
    expect((await t.request('GET', `/post-history-import?teamId=${other.teamId}`, { key: org.key })).status).toBe(404);
  });

  it('X: every post read is billed from prepaid credits; an empty balance is 402', async () => {
    const org = await historyOrg(t, 'PRO', 'TWITTER');
    await org.seed(4);
    const refused = await org.start({ count: 3 });
    expect(refused.status).toBe(402);
    await runAdminCommand(t.services.db, adminCommandSchema.parse({ command: 'add-credits', org: org.organizationId, usd: '1' }));
    const done = await org.run({ count: 3, withAnalytics: false });
    expect(done).toMatchObject({ status: 'COMPLETED', postsImported: 3 });
    const balance = (await t.request('GET', '/billing/credits/balance', { key: org.key })).json;
    // 3 posts read at 5,000 micro-USD each.
    expect(balance.balanceMicros).toBe(1_000_000 - 3 * 5_000);
  });

  it('validates input', async () => {
    const org = await historyOrg(t, 'PRO', 'THREADS');
    expect((await org.start({ count: 0 })).status).toBe(400);
    expect((await org.start({ count: 101 })).status).toBe(400);
    expect((await org.start({ count: 1, surface: 'FEED' })).status).toBe(400);
    expect((await org.start({ count: 1, socialAccountType: 'DISCORD' })).status).toBe(400);
    expect((await org.start({ count: 1, socialAccountType: 'FACEBOOK' })).status).toBe(404);
    expect((await t.request('GET', `/post-history-import/posts?teamId=${org.teamId}&socialAccountType=THREADS&limit=101`, { key: org.key })).status).toBe(400);
    expect((await t.request('DELETE', '/post-history-import/posts', { key: org.key, body: { teamId: org.teamId, postIds: [] } })).status).toBe(400);
  });
});
