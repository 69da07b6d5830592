import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../comments/comments-test-kit';
import { importCommentsJob } from '../../../comments/comments.jobs';
import { posts, postTargets } from '../../../db/schema/posts';
import { postHistoryJobs } from '../../../post-history/post-history.jobs';
import { importReviewsJob } from '../../../reviews/reviews.jobs';
import { createTestApp } from '../../../test/test-app';
import { connectThroughConsent } from '../test-kit/live-app';
import { clickConsent, received, startMetaStandIn, type ConsentChoice } from './meta-test-kit';

/**
 * History imports, insights, comment imports and moderation, and Page recommendations of live
 * Facebook, Instagram and Threads accounts (decision 076), driven through the product's API against
 * the Graph API stand-in, which checks each call as Meta documents it (metrics valid per media
 * type, cursors, permissions, the page token and its proof).
 */
const PUBLIC_URL = 'https://desk.example';
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
afterAll(() => meta.close());
const t = await createTestApp({
  env: { LIVE_PLATFORMS: 'FACEBOOK,INSTAGRAM,THREADS', PUBLIC_URL, ...meta.env },
  work: true,
  workOnly: [...postHistoryJobs, importCommentsJob, importReviewsJob],
});
beforeEach(() => meta.reset());

const BAKERY_PAGE = '104000000000001';
const BAKERY_INSTAGRAM = '17841400000000001';
const THREADS_PROFILE = '26100000000000001';
const DAY = 86_400;

type Org = Awaited<ReturnType<typeof t.createOrg>>;
type ImportedPost = { id: string; externalId: string; permalink: string; contentType: string | null; analytics: Record<string, number>[] };

async function connected(
  type: 'FACEBOOK' | 'INSTAGRAM' | 'THREADS',
  options: { body?: Record<string, unknown>; choice?: ConsentChoice; channel?: string } = {},
) {
  const org = await t.createOrg('PRO');
  const { accountId } = await connectThroughConsent(t, org.key, org.teamId, type, { body: options.body, approve: (url) => clickConsent(url, options.choice) });
  if (options.channel) {
    const selected = await t.request('POST', '/social-account/set-channel', { key: org.key, body: { teamId: org.teamId, type, channelId: options.channel } });
    expect(selected.status, selected.text).toBe(200);
  }
  return { ...org, accountId };
}

async function importHistory(org: Org, type: string, body: Record<string, unknown>) {
  const started = await t.request('POST', '/post-history-import', { key: org.key, body: { teamId: org.teamId, socialAccountType: type, ...body } });
  expect(started.status, started.text).toBe(201);
  const done = await waitFor(
    () => t.request('GET', `/post-history-import/${started.json.id}`, { key: org.key }),
    (response) => ['COMPLETED', 'FAILED'].includes(response.json.status),
  );
  expect(done.json, done.text).toMatchObject({ status: 'COMPLETED' });
  const listed = await t.request('GET', `/post-history-import/posts?teamId=${org.teamId}&socialAccountType=${type}&limit=100`, { key: org.key });
  expect(listed.status, listed.text).toBe(200);
  return listed.json.posts as ImportedPost[];
}

/**
 * A post of the service already published on the platform as `externalId`. Publishing to live Meta
 * accounts is another slice (decision 074); comment imports only need the published target, so it
 * is recorded here as the publishing worker records it.
 */
async function publishedAs(org: Org & { accountId: string }, platform: string, externalId: string) {
  const [post] = await t.services.db
    .insert(posts)
    .values({
      organizationId: org.organizationId,
      teamId: org.teamId,
      title: 'Published before',
      status: 'POSTED',
      postDate: new Date(),
      postedDate: new Date(),
      platforms: [platform],
      data: { [platform]: { text: 'Published before' } },
    })
    .returning();
  await t.services.db.insert(postTargets).values({
    postId: post!.id,
    organizationId: org.organizationId,
    platform: platform as never,
    socialAccountId: org.accountId,
    status: 'POSTED',
    externalData: { id: externalId, permalink: `https://example.com/${externalId}` },
    publishedAt: new Date(),
  });
  return post!.id;
}

async function importComments(org: Org, postId: string, type: string) {
  const started = await t.request('POST', '/comment/import', { key: org.key, body: { teamId: org.teamId, postId, socialAccountType: type } });
  expect(started.status, started.text).toBe(201);
  const run = await waitFor(
    async () => (await t.request('GET', `/comment/import/${started.json.id}`, { key: org.key })).json,
    (value) => ['COMPLETED', 'FAILED'].includes(value.status),
  );
  const listed = await t.request('GET', `/comment/import/comments?teamId=${org.teamId}&postId=${postId}&limit=100`, { key: org.key });
  type Fetched = {
    id: string;
    externalId: string;
    externalParentId: string | null;
    authorName: string | null;
    text: string | null;
    hidden: boolean;
    likesCount: number;
    repliesCount: number;
    platformData: Record<string, unknown>;
  };
  return { run, items: listed.json.items as Fetched[] };
}

const act = (org: Org, commentId: string, action: string) =>
  t.request('POST', `/comment/import/comments/${commentId}/action`, { key: org.key, body: { teamId: org.teamId, action } });

describe('Instagram through Facebook Login', { timeout: 60_000 }, () => {
  it('imports the profile grid page by page, with insights asked per media type, and the account’s numbers', async () => {
    const org = await connected('INSTAGRAM', { body: { instagramConnectionMethod: 'FACEBOOK' }, channel: BAKERY_INSTAGRAM });
    const { engagement } = meta.world;
    const owner = { ownerId: BAKERY_INSTAGRAM, product: 'instagram' as const };
    engagement.publish({
      ...owner,
      id: '17900000000000001',
      text: 'Sourdough',
      mediaUrl: 'https://cdn.example/1.jpg',
      ageSeconds: 5 * DAY,
      likeCount: 12,
      insights: { views: 400, reach: 300, saved: 4, shares: 2 },
    });
    engagement.publish({
      ...owner,
      id: '17900000000000002',
      mediaType: 'CAROUSEL_ALBUM',
      children: [
        { id: '17900000000000021', mediaType: 'IMAGE', mediaUrl: 'https://cdn.example/2a.jpg' },
        { id: '17900000000000022', mediaType: 'VIDEO', mediaUrl: 'https://cdn.example/2b.mp4' },
      ],
      ageSeconds: 4 * DAY,
    });
    engagement.publish({
      ...owner,
      id: '17900000000000003',
      mediaType: 'VIDEO',
      productType: 'REELS',
      mediaUrl: 'https://cdn.example/3.mp4',
      ageSeconds: 3 * DAY,
      insights: { views: 900 },
    });
    engagement.publish({
      ...owner,
      id: '17900000000000004',
      mediaType: 'VIDEO',
      productType: 'REELS',
      sharedToFeed: false,
      mediaUrl: 'https://cdn.example/4.mp4',
      ageSeconds: 2 * DAY,
    });
    engagement.publish({
      ...owner,
      id: '17900000000000005',
      productType: 'STORY',
      mediaUrl: 'https://cdn.example/5.jpg',
      ageSeconds: 3600,
      insights: { views: 50, reach: 40 },
    });
    engagement.comment({ objectId: '17900000000000001', fromId: '17841499990000001', fromName: 'grace.h', text: 'Looks great' });

    const grid = await importHistory(org, 'INSTAGRAM', { count: 10, surface: 'PROFILE_GRID', withAnalytics: true });
    // Newest first over two pages of the stand-in's three; the off-grid reel and the story are not on the grid.
    expect(grid.map((post) => [post.externalId, post.contentType])).toEqual([
      ['17900000000000003', 'REEL'],
      ['17900000000000002', 'CAROUSEL'],
      ['17900000000000001', 'IMAGE'],
    ]);
    const media = received(meta.hosts.facebookGraph, `/${BAKERY_INSTAGRAM}/media`);
    expect(media.length).toBeGreaterThanOrEqual(2);
    expect(media[1]!.query.get('after')).toBeTruthy();
    // Insights asked with the metrics each type has (a story's or a retired metric would be error 100).
    const asked = received(meta.hosts.facebookGraph, '/17900000000000001/insights')[0]!;
    expect(asked.query.get('metric')).toBe('views,reach,likes,comments,shares,saved');
    const sourdough = grid.find((post) => post.externalId === '17900000000000001')!;
    expect(sourdough.analytics[0]).toMatchObject({ impressions: 400, likes: 12, comments: 1, saves: 4, shares: 2 });

    const offGrid = await importHistory(org, 'INSTAGRAM', { count: 5, surface: 'NON_GRID' });
    expect(offGrid.map((post) => post.externalId)).toContain('17900000000000004');
    const stories = await importHistory(org, 'INSTAGRAM', { count: 5, surface: 'STORY', withAnalytics: true });
    expect(stories.find((post) => post.externalId === '17900000000000005')).toMatchObject({ contentType: 'STORY' });
    expect(received(meta.hosts.facebookGraph, '/17900000000000005/insights')[0]!.query.get('metric')).toBe('views,reach,shares,replies');

    engagement.account(BAKERY_INSTAGRAM).fields = {};
    Object.assign(engagement.account(BAKERY_INSTAGRAM).insights, { views: 5000, reach: 3100, likes: 240, comments: 31 });
    const account = await t.request('POST', '/analytics/social-account/force', { key: org.key, body: { teamId: org.teamId, platformType: 'INSTAGRAM' } });
    expect(account.status, account.text).toBe(200);
    expect(account.json).toMatchObject({ impressions: 5000, impressionsUnique: 3100, likes: 240, comments: 31 });
    const insights = received(meta.hosts.facebookGraph, `/${BAKERY_INSTAGRAM}/insights`).at(-1)!;
    expect(Object.fromEntries(insights.query)).toMatchObject({ period: 'day', metric_type: 'total_value' });
  });

  it('imports comments with their replies, hides and deletes, and refuses likes, which Instagram’s API lacks', async () => {
    const org = await connected('INSTAGRAM', { body: { instagramConnectionMethod: 'FACEBOOK' }, channel: BAKERY_INSTAGRAM });
    const { engagement } = meta.world;
    engagement.publish({ ownerId: BAKERY_INSTAGRAM, product: 'instagram', id: '17900000000000101' });
    const grace = engagement.comment({
      objectId: '17900000000000101',
      fromId: '17841499990000001',
      fromName: 'grace.h',
      text: 'When do you open?',
      ageSeconds: 600,
    });
    for (let index = 0; index < 4; index += 1) {
      engagement.comment({
        objectId: '17900000000000101',
        parentId: grace.id,
        fromId: '17841499990000002',
        fromName: 'linus',
        text: `Reply ${index}`,
        ageSeconds: 500 - index,
      });
    }
    engagement.comment({
      objectId: '17900000000000101',
      parentId: grace.id,
      fromId: BAKERY_INSTAGRAM,
      fromName: 'lovelace.bakery',
      text: 'At 7',
      ageSeconds: 100,
    });
    const postId = await publishedAs(org, 'INSTAGRAM', '17900000000000101');

    const { run, items } = await importComments(org, postId, 'INSTAGRAM');
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'COMPLETED', commentsImported: 6 });
    const top = items.find((item) => item.externalId === grace.id)!;
    expect(top).toMatchObject({ externalParentId: null, authorName: 'grace.h', repliesCount: 5 });
    // The nested page held three replies; the rest came from `/{comment-id}/replies` after its cursor.
    expect(received(meta.hosts.facebookGraph, `/${grace.id}/replies`)).toHaveLength(1);
    expect(items.filter((item) => item.externalParentId === grace.id)).toHaveLength(5);

    const hidden = await act(org, top.id, 'HIDE');
    expect(hidden.status, hidden.text).toBe(200);
    expect(engagement.comments.get(grace.id)!.hidden).toBe(true);
    expect((await act(org, top.id, 'UNHIDE')).status).toBe(200);
    expect(engagement.comments.get(grace.id)!.hidden).toBe(false);

    const liked = await act(org, top.id, 'LIKE');
    expect(liked.status).toBe(400);
    const own = items.find((item) => item.text === 'At 7')!;
    expect((await act(org, own.id, 'HIDE')).status).toBe(400);

    const deleted = await act(org, top.id, 'DELETE');
    expect(deleted.status, deleted.text).toBe(200);
    expect(engagement.comments.has(grace.id)).toBe(false);
  });
});

describe('Instagram Login', { timeout: 60_000 }, () => {
  it('reads graph.instagram.com with the account’s own token and refuses what the login did not grant', async () => {
    const org = await connected('INSTAGRAM', { body: { instagramConnectionMethod: 'INSTAGRAM' }, choice: { decline: ['instagram_business_manage_insights'] } });
    const own = meta.world.instagramAccounts[0]!.userId;
    meta.world.engagement.publish({ ownerId: own, product: 'instagram', id: '17900000000000201', text: 'Hello' });
    const imported = await importHistory(org, 'INSTAGRAM', { count: 5, withAnalytics: false });
    expect(imported.map((post) => post.externalId)).toEqual(['17900000000000201']);
    expect(received(meta.hosts.instagramGraph, `/${own}/media`)).toHaveLength(1);
    expect(received(meta.hosts.facebookGraph, `/${own}/media`)).toHaveLength(0);

    // Insights were not granted: refused in plain words before Meta is asked.
    const account = await t.request('POST', '/analytics/social-account/force', { key: org.key, body: { teamId: org.teamId, platformType: 'INSTAGRAM' } });
    expect(account.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(account.json)).toMatch(/insights/i);
    expect(received(meta.hosts.instagramGraph, `/${own}/insights`)).toHaveLength(0);
  });
});

describe('Facebook Pages', { timeout: 60_000 }, () => {
  it('imports the Page’s posts, reads views (not retired impressions) and counts, and moderates comments at every level', async () => {
    const org = await connected('FACEBOOK', { channel: BAKERY_PAGE });
    const { engagement } = meta.world;
    const page = { ownerId: BAKERY_PAGE, product: 'facebook' as const };
    const photo = engagement.publish({
      ...page,
      mediaType: 'photo',
      mediaUrl: 'https://cdn.example/p.jpg',
      text: 'Fresh bread',
      ageSeconds: DAY,
      likeCount: 7,
      shares: 3,
      insights: { post_media_view: 800, post_total_media_view_unique: 600 },
    });
    engagement.publish({ ...page, text: 'We are open on Sunday', ageSeconds: 2 * DAY });
    engagement.publish({
      ...page,
      mediaType: 'album',
      children: [
        { id: 'a1', mediaType: 'photo', mediaUrl: 'https://cdn.example/a1.jpg' },
        { id: 'a2', mediaType: 'photo', mediaUrl: 'https://cdn.example/a2.jpg' },
      ],
      ageSeconds: 3 * DAY,
    });

    const imported = await importHistory(org, 'FACEBOOK', { count: 10, withAnalytics: true });
    expect(imported.map((post) => post.contentType)).toEqual(['IMAGE', 'TEXT', 'CAROUSEL']);
    expect(imported[0]!.analytics[0]).toMatchObject({ impressions: 800, impressionsUnique: 600, likes: 7, shares: 3 });
    expect(received(meta.hosts.facebookGraph, `/${photo.id}/insights`)[0]!.query.get('metric')).toBe('post_media_view,post_total_media_view_unique');

    const visitor = engagement.comment({ objectId: photo.id, fromId: '10158000000000777', fromName: 'Charles Babbage', text: 'Is it rye?', ageSeconds: 300 });
    engagement.comment({ objectId: photo.id, parentId: visitor.id, fromId: BAKERY_PAGE, fromName: 'Lovelace Bakery', text: 'Wheat and rye', ageSeconds: 200 });
    const postId = await publishedAs(org, 'FACEBOOK', photo.id);
    const { run, items } = await importComments(org, postId, 'FACEBOOK');
    expect(run).toMatchObject({ status: 'COMPLETED', commentsImported: 2 });
    expect(received(meta.hosts.facebookGraph, `/${photo.id}/comments`)[0]!.query.get('filter')).toBe('stream');
    const charles = items.find((item) => item.externalId === visitor.id)!;
    expect(charles).toMatchObject({ authorName: 'Charles Babbage', repliesCount: 1 });
    expect(items.find((item) => item.text === 'Wheat and rye')).toMatchObject({ externalParentId: visitor.id });

    expect((await act(org, charles.id, 'LIKE')).status).toBe(200);
    expect(engagement.comments.get(visitor.id)!.likedByPage).toBe(true);
    expect((await act(org, charles.id, 'UNLIKE')).status).toBe(200);
    expect(engagement.comments.get(visitor.id)!.likedByPage).toBe(false);
    expect((await act(org, charles.id, 'HIDE')).status).toBe(200);
    expect(engagement.comments.get(visitor.id)!.hidden).toBe(true);
    expect((await act(org, charles.id, 'DELETE')).status).toBe(200);
    expect(engagement.comments.has(visitor.id)).toBe(false);

    Object.assign(engagement.account(BAKERY_PAGE).insights, { page_media_view: 12_000, page_total_media_view_unique: 9_000 });
    const account = await t.request('POST', '/analytics/social-account/force', { key: org.key, body: { teamId: org.teamId, platformType: 'FACEBOOK' } });
    expect(account.status, account.text).toBe(200);
    expect(account.json).toMatchObject({ impressions: 12_000, impressionsUnique: 9_000 });
  });

  it('reports that Meta no longer serves recommendations at the pinned version, in plain words', async () => {
    const org = await connected('FACEBOOK', { channel: BAKERY_PAGE });
    meta.world.engagement.rate({ pageId: BAKERY_PAGE, reviewer: { id: '1', name: 'Grace' }, recommendationType: 'positive', reviewText: 'Best croissants' });
    const started = await t.request('POST', '/misc/facebook/recommendations/import', { key: org.key, body: { teamId: org.teamId, count: 10 } });
    expect(started.status, started.text).toBe(201);
    const done = await waitFor(
      () => t.request('GET', `/misc/facebook/recommendations/import/${started.json.id}`, { key: org.key }),
      (response) => ['COMPLETED', 'FAILED'].includes(response.json.status),
    );
    expect(done.json.status).toBe('FAILED');
    expect(done.json.error).toContain('Meta no longer lets apps read Page recommendations with Graph API v26.0');
    expect(done.json.error).toContain('(code 12)');
    expect(received(meta.hosts.facebookGraph, `/${BAKERY_PAGE}/ratings`)).toHaveLength(1);
  });
});

describe('Threads', { timeout: 60_000 }, () => {
  it('imports the profile’s threads without reposts, reads insights, lists replies at every level and hides one', async () => {
    const org = await connected('THREADS');
    const { engagement } = meta.world;
    const owner = { ownerId: THREADS_PROFILE, product: 'threads' as const };
    const post = engagement.publish({
      ...owner,
      text: 'Notes on the engine',
      ageSeconds: DAY,
      likeCount: 9,
      insights: { views: 300, reposts: 2, quotes: 1, shares: 1 },
    });
    engagement.publish({ ...owner, mediaType: 'REPOST_FACADE', ageSeconds: 2 * DAY });
    engagement.publish({ ...owner, mediaType: 'IMAGE', mediaUrl: 'https://cdn.example/t.jpg', ageSeconds: 3 * DAY });

    const imported = await importHistory(org, 'THREADS', { count: 10, withAnalytics: true });
    expect(imported.map((item) => item.contentType)).toEqual(['TEXT', 'IMAGE']);
    expect(imported[0]!.analytics[0]).toMatchObject({ views: 300, likes: 9, shares: 4 });

    const reply = engagement.comment({ objectId: post.id, fromId: 'babbage', fromName: 'babbage', text: 'And the mill?', ageSeconds: 500 });
    engagement.comment({ objectId: post.id, parentId: reply.id, fromId: THREADS_PROFILE, fromName: 'ada.threads', text: 'The mill computes', ageSeconds: 400 });
    const postId = await publishedAs(org, 'THREADS', post.id);
    const { run, items } = await importComments(org, postId, 'THREADS');
    expect(run).toMatchObject({ status: 'COMPLETED', commentsImported: 2 });
    expect(items.find((item) => item.text === 'The mill computes')).toMatchObject({ externalParentId: reply.id });
    const babbage = items.find((item) => item.externalId === reply.id)!;
    expect((await act(org, babbage.id, 'HIDE')).status).toBe(200);
    expect(engagement.comments.get(reply.id)!.hidden).toBe(true);
    expect(received(meta.hosts.threadsGraph, `/${reply.id}/manage_reply`)).toHaveLength(1);
    // Deleting needs `threads_delete`, which the connection did not ask for.
    const refused = await act(org, items.find((item) => item.text === 'The mill computes')!.id, 'DELETE');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(engagement.comments.size).toBe(2);
  });
});
