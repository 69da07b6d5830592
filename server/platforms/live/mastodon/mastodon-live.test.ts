import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { commentJobs } from '../../../comments/comments.jobs';
import { postJobs } from '../../../posts/posts.jobs';
import { uploadMedia } from '../../../posts/posts-test-kit';
import { createTestApp } from '../../../test/test-app';
import { createPostNow, settled, waitForPost } from '../test-kit/live-app';
import { startReplayServer } from '../test-kit/replay-server';

/**
 * A team connects a Mastodon account through our API and pages (OAuth on the person's server, our
 * app registered there first) and publishes a post with an image and a first comment through the
 * worker: the server is the replay of recorded exchanges, which checks every request.
 */
const replay = await startReplayServer(fileURLToPath(new URL('./recordings', import.meta.url)));
afterAll(() => replay.close());
const t = await createTestApp({
  work: true,
  workOnly: [...postJobs, ...commentJobs],
  // The replay server is on loopback, which only the development setting lets the SSRF guard reach.
  env: { LIVE_PLATFORMS: 'MASTODON', PUBLIC_URL: 'https://desk.example', PUBLISH_RETRY_BASE_SECONDS: '0.5', WEBHOOK_ALLOW_PRIVATE: 'true' },
});
afterEach(() => {
  expect(replay.mismatches).toEqual([]);
  expect(replay.unplayed()).toEqual([]);
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Connects a Mastodon account on the replayed server, as a team does from the Accounts page. */
let appRegistered = false;
async function connectAccount() {
  const { key, teamId } = await t.createOrg();
  const started = await t.request('POST', '/social-account/connect', {
    key,
    body: { teamId, type: 'MASTODON', serverUrl: replay.url, redirectUrl: 'https://app.example.com/accounts' },
  });
  expect(started.status).toBe(200);

  // Our connect page registers the app on the server (the first time) and sends the person to its consent page.
  if (!appRegistered) replay.play('post-api-v1-apps.200');
  appRegistered = true;
  const toConsent = await t.app.request(new URL(started.json.url as string).pathname);
  expect(toConsent.status).toBe(302);
  const consent = new URL(toConsent.headers.get('location')!);
  expect(`${consent.origin}${consent.pathname}`).toBe(`${replay.url}/oauth/authorize`);
  expect(consent.searchParams.get('redirect_uri')).toBe('https://desk.example/connect/callback');

  // The server sends the person back with a code; we trade it and read the account.
  replay.play('post-oauth-token.200', 'get-api-v1-accounts-verify_credentials.200');
  const back = await t.app.request(`/connect/callback?state=${consent.searchParams.get('state')}&code=recorded-code`);
  expect(back.status).toBe(302);
  expect(new URL(back.headers.get('location')!).searchParams.get('status')).toBe('success');
  return { key, teamId };
}

/** Publishes the recorded post (an image, a first comment) through the worker and waits for both. */
async function publishWithFirstComment(key: string, teamId: string) {
  replay.play('post-api-v2-media.200-image', 'post-api-v1-statuses.200-scheduled', 'post-api-v1-statuses.200-first-comment');
  const image = await uploadMedia(t, key, 'square-1080.jpg');
  const id = await createPostNow(t, key, {
    teamId,
    title: 'Live Mastodon',
    type: 'MASTODON',
    data: { text: 'Scheduled from the dashboard', uploadIds: [image.id], altText: 'A chart' },
    firstComment: 'More in the replies',
  });
  const post = await waitForPost(t, key, id, settled);
  expect(post.errors).toEqual({});
  expect(post.status).toBe('POSTED');
  // The first comment follows as its own job.
  await waitFor(
    async () => replay.unplayed().length,
    (left) => left === 0,
  );
  await waitForPost(t, key, id, (value) => !!value.externalData.MASTODON?.firstCommentId, 30);
  return post;
}

describe('Mastodon live, end to end on recorded exchanges', () => {
  it('connects through the server named by the team, then publishes with an image and a first comment', async () => {
    const { key, teamId } = await connectAccount();
    const account = (await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=MASTODON`, { key })).json;
    expect(account).toMatchObject({ username: 'ada', externalId: '109000000000000042', mode: 'live', mastodonServerId: expect.stringMatching(/^mst_/) });
    expect(account.permissions).toContain('publish');

    const post = await publishWithFirstComment(key, teamId);
    expect(post.externalData.MASTODON).toMatchObject({ id: '113500000000000103', permalink: 'https://social.example/@ada/113500000000000103' });
    const listed = await t.request('GET', `/post?teamId=${teamId}`, { key });
    expect(JSON.stringify(listed.json)).toContain('https://social.example/@ada/113500000000000103');
  });

  it("imports the replies of a published status with their authors and threads, favourites one, and refuses deleting another person's", async () => {
    const { key, teamId } = await connectAccount();
    const post = await publishWithFirstComment(key, teamId);

    replay.play('get-api-v1-statuses-id-context.200');
    const started = await t.request('POST', '/comment/import', { key, body: { teamId, postId: post.id, socialAccountType: 'MASTODON' } });
    expect(started.status, started.text).toBe(201);
    const run = await waitFor(
      async () => (await t.request('GET', `/comment/import/${started.json.id}`, { key })).json,
      (value) => ['COMPLETED', 'FAILED'].includes(value.status),
    );
    expect([run.status, run.error, run.commentsImported]).toEqual(['COMPLETED', null, 3]);
    expect(replay.requests.at(-1)!.path).toBe('/api/v1/statuses/113500000000000103/context');

    const fetched = await t.request('GET', `/comment/import/comments?teamId=${teamId}&postId=${post.id}`, { key });
    expect(fetched.status).toBe(200);
    type Fetched = {
      id: string;
      externalId: string;
      externalParentId: string | null;
      authorName: string;
      authorExternalId: string;
      authorProfileUrl: string;
      text: string;
      likesCount: number;
      repliesCount: number;
      platformData: Record<string, unknown>;
    };
    const items = fetched.json.items as Fetched[];
    // Newest first; the reply to Grace keeps her comment as its parent; HTML is read as text.
    expect(items.map((item) => [item.externalId, item.externalParentId, item.authorName, item.text])).toEqual([
      ['113500000000000106', '113500000000000105', 'linus', 'Agreed\ntwice'],
      ['113500000000000105', null, 'Grace H.', '@ada Lovely & clear'],
      ['113500000000000104', null, 'Ada', 'More in the replies'],
    ]);
    const grace = items[1]!;
    expect(grace).toMatchObject({
      authorExternalId: '109000000000000077',
      authorProfileUrl: 'https://fosstodon.example/@grace',
      likesCount: 3,
      repliesCount: 1,
    });
    expect(grace.platformData).toMatchObject({ owner: false, canLike: true, canDelete: false, canHide: false, likedByMe: false });
    expect(items[2]!.platformData).toMatchObject({ owner: true, canDelete: true });

    replay.play('post-api-v1-statuses-id-favourite.200');
    const liked = await t.request('POST', `/comment/import/comments/${grace.id}/action`, { key, body: { teamId, action: 'LIKE' } });
    expect(liked.status, liked.text).toBe(200);
    expect(liked.json.item).toMatchObject({ externalId: '113500000000000105', externalParentId: null, likesCount: 4, platformData: { likedByMe: true } });

    // Mastodon deletes only the account's own statuses: the connector says so rather than relay the server's 404.
    replay.play('get-api-v1-statuses-id.200-comment');
    const refused = await t.request('POST', `/comment/import/comments/${grace.id}/action`, { key, body: { teamId, action: 'DELETE' } });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('only its own comments');
    const hide = await t.request('POST', `/comment/import/comments/${grace.id}/action`, { key, body: { teamId, action: 'HIDE' } });
    expect(hide.status).toBe(400);
  });

  it('shows a page, not an error body, when the named server cannot be reached; the link stays usable', async () => {
    const { key, teamId } = await t.createOrg();
    const closed = await startReplayServer(fileURLToPath(new URL('./recordings', import.meta.url)));
    const serverUrl = closed.url;
    await closed.close(); // nothing listens there any more
    const started = await t.request('POST', '/social-account/connect', {
      key,
      body: { teamId, type: 'MASTODON', serverUrl, redirectUrl: 'https://app.example.com/accounts' },
    });
    expect(started.status).toBe(200);
    const path = new URL(started.json.url as string).pathname;
    const page = await t.app.request(path);
    expect(page.status).toBe(502);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Cannot reach the platform');
    // Still pending: reloading tries again rather than saying the link was used.
    expect((await t.app.request(path)).status).toBe(502);
  });
});
