import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { postJobs } from '../../../posts/posts.jobs';
import { uploadMedia } from '../../../posts/posts-test-kit';
import { createTestApp } from '../../../test/test-app';
import { startReplayServer } from '../../live/test-kit/replay-server';

/**
 * A team connects a Mastodon account through our API and pages (OAuth on the person's server, our
 * app registered there first) and publishes a post with an image and a first comment through the
 * worker: the server is the replay of recorded exchanges, which checks every request.
 */
const replay = await startReplayServer(fileURLToPath(new URL('./recordings', import.meta.url)));
afterAll(() => replay.close());
const t = await createTestApp({
  work: true,
  workOnly: postJobs,
  // The replay server is on loopback, which only the development setting lets the SSRF guard reach.
  env: { LIVE_PLATFORMS: 'MASTODON', PUBLIC_URL: 'https://desk.example', PUBLISH_RETRY_BASE_SECONDS: '0.5', WEBHOOK_ALLOW_PRIVATE: 'true' },
});
afterEach(() => {
  expect(replay.mismatches).toEqual([]);
  expect(replay.unplayed()).toEqual([]);
});

type Post = { id: string; status: string; errors: Record<string, string>; externalData: Record<string, Record<string, string>> };

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Mastodon live, end to end on recorded exchanges', () => {
  it('connects through the server named by the team, then publishes with an image and a first comment', async () => {
    const { key, teamId } = await t.createOrg();
    const started = await t.request('POST', '/social-account/connect', { key, body: { teamId, type: 'MASTODON', serverUrl: replay.url, redirectUrl: 'https://app.example.com/accounts' } });
    expect(started.status).toBe(200);

    // Our connect page registers the app on the server and sends the person to its consent page.
    replay.play('post-api-v1-apps.200');
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
    const account = (await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=MASTODON`, { key })).json;
    expect(account).toMatchObject({ username: 'ada', externalId: '109000000000000042', mode: 'live', mastodonServerId: expect.stringMatching(/^mst_/) });
    expect(account.permissions).toContain('publish');

    replay.play('post-api-v2-media.200-image', 'post-api-v1-statuses.200-scheduled', 'post-api-v1-statuses.200-first-comment');
    const image = await uploadMedia(t, key, 'square-1080.jpg');
    const created = await t.request('POST', '/post', {
      key,
      body: {
        teamId,
        title: 'Live Mastodon',
        postDate: new Date().toISOString(),
        socialAccountTypes: ['MASTODON'],
        data: { MASTODON: { text: 'Scheduled from the dashboard', uploadIds: [image.id], altText: 'A chart' } },
        firstComment: { MASTODON: 'More in the replies' },
      },
    });
    expect(created.status).toBe(200);
    const post = await waitFor(async () => (await t.request('GET', `/post/${created.json.id}`, { key })).json as Post, (value) => ['POSTED', 'ERROR'].includes(value.status));
    expect(post.errors).toEqual({});
    expect(post.status).toBe('POSTED');
    expect(post.externalData.MASTODON).toMatchObject({ id: '113500000000000103', permalink: 'https://social.example/@ada/113500000000000103' });
    // The first comment follows as its own job.
    await waitFor(async () => replay.unplayed().length, (left) => left === 0);
    await waitFor(async () => ((await t.request('GET', `/post/${created.json.id}`, { key })).json as Post).externalData.MASTODON!.firstCommentId, (id) => !!id);
    const listed = await t.request('GET', `/post?teamId=${teamId}`, { key });
    expect(JSON.stringify(listed.json)).toContain('https://social.example/@ada/113500000000000103');
  });

  it('shows a page, not an error body, when the named server cannot be reached; the link stays usable', async () => {
    const { key, teamId } = await t.createOrg();
    const closed = await startReplayServer(fileURLToPath(new URL('./recordings', import.meta.url)));
    const serverUrl = closed.url;
    await closed.close(); // nothing listens there any more
    const started = await t.request('POST', '/social-account/connect', { key, body: { teamId, type: 'MASTODON', serverUrl, redirectUrl: 'https://app.example.com/accounts' } });
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
