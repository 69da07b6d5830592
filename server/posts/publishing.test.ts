import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads } from '../db/schema/uploads';
import { createTestApp } from '../test/test-app';
import { postJobs } from './posts.jobs';
import { connectAccount, uploadMedia } from './posts-test-kit';

const t = await createTestApp({ work: true, workOnly: postJobs, env: { PUBLISH_RETRY_BASE_SECONDS: '0.5', SEED_DEMO: 'false' } });

type Post = {
  id: string;
  status: string;
  errors: Record<string, string>;
  errorsVerbose: Record<string, { code: string; isTransient: boolean; retryability: string }>;
  externalData: Record<string, Record<string, string>>;
  retryCount: number;
};

async function waitForPost(key: string, id: string, done: (post: Post) => boolean, seconds = 90): Promise<Post> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const post = (await t.request('GET', `/post/${id}`, { key })).json as Post;
    if (done(post) || Date.now() > deadline) return post;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const settled = (post: Post) => ['POSTED', 'ERROR', 'DELETED'].includes(post.status);

async function items(key: string, socialAccountId: string, kind: 'POST' | 'COMMENT' = 'POST') {
  return (await t.request('GET', `/sandbox/items?socialAccountId=${socialAccountId}&kind=${kind}`, { key })).json as {
    items: { externalId: string; text: string; permalink: string; parentId: string | null }[];
    total: number;
  };
}

async function setup() {
  const org = await t.createOrg('PRO');
  const mastodon = await connectAccount(t, org.key, org.teamId, 'MASTODON');
  return { ...org, mastodon };
}

const toot = (teamId: string, extra: Record<string, unknown> = {}) => ({
  teamId,
  title: 'Toot',
  postDate: new Date().toISOString(),
  socialAccountTypes: ['MASTODON'],
  data: { MASTODON: { text: 'Hello from the scheduler' } },
  ...extra,
});

async function fault(key: string, body: Record<string, unknown>) {
  const response = await t.request('POST', '/sandbox/faults', { key, body });
  expect(response.status).toBe(200);
  return response.json.id as string;
}

// Each case waits on a real worker and real backoff: generous limits keep a loaded machine from failing them.
describe('publishing worker', { timeout: 180_000 }, () => {
  it('publishes a due post to every platform with permalinks, once, and records the quota', async () => {
    const { key, teamId, mastodon } = await setup();
    const youtube = await connectAccount(t, key, teamId, 'YOUTUBE', { channelName: 'Kitchen Lab' });
    const video = await uploadMedia(t, key, 'vertical-3s.mp4');
    const created = await t.request('POST', '/post', {
      key,
      body: toot(teamId, {
        socialAccountTypes: ['MASTODON', 'YOUTUBE'],
        data: { MASTODON: { text: 'New video!' }, YOUTUBE: { uploadIds: [video.id], text: 'A short' } },
      }),
    });
    expect(created.status).toBe(200);
    const post = await waitForPost(key, created.json.id, settled);
    expect(post.status).toBe('POSTED');
    expect(post.externalData.YOUTUBE!.permalink).toMatch(/^https:\/\/www\.youtube\.com\/shorts\/[\w-]{11}$/);
    expect(post.externalData.MASTODON!.permalink).toMatch(/^https:\/\/.+\/@.+\/\d+$/);
    const onPlatform = await items(key, youtube.id);
    expect(onPlatform.total).toBe(1);
    expect(onPlatform.items[0]!.externalId).toBe(post.externalData.YOUTUBE!.id);
    expect((await items(key, mastodon.id)).items[0]!.text).toBe('New video!');
    const limits = await t.request('GET', `/organization/usage/daily-limits?socialAccountId=${mastodon.id}`, { key });
    expect(limits.json.posts.used).toBe(1);
  });

  it('files a vertical video over 180 seconds as a regular YouTube video, not a short', async () => {
    const { key, teamId } = await setup();
    await connectAccount(t, key, teamId, 'YOUTUBE', { channelName: 'Long Takes' });
    const video = await uploadMedia(t, key, 'vertical-200s.mp4');
    expect(video).toMatchObject({ width: 90, height: 160, videoLength: 200 });
    const created = await t.request('POST', '/post', {
      key,
      body: toot(teamId, { socialAccountTypes: ['YOUTUBE'], data: { YOUTUBE: { uploadIds: [video.id], text: 'The whole recipe' } } }),
    });
    expect(created.status).toBe(200);
    const post = await waitForPost(key, created.json.id, settled);
    expect(post.status).toBe('POSTED');
    expect(post.externalData.YOUTUBE!.permalink).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
  });

  it('retries transient failures with backoff, then posts', async () => {
    const { key, teamId, mastodon } = await setup();
    await fault(key, { type: 'MASTODON', operation: 'publishing.publish', kind: 'TRANSIENT', count: 2 });
    const created = (await t.request('POST', '/post', { key, body: toot(teamId) })).json;
    const retrying = await waitForPost(key, created.id, (post) => post.status === 'RETRYING' || settled(post));
    expect(retrying.status).toBe('RETRYING');
    expect(retrying.errorsVerbose.MASTODON).toMatchObject({ code: 'TRANSIENT', isTransient: true, retryability: 'retryable' });
    const post = await waitForPost(key, created.id, settled);
    expect(post.status).toBe('POSTED');
    expect(post.errors).toEqual({});
    expect((await items(key, mastodon.id)).total).toBe(1);
  });

  it('fails a post whose media the worker cannot read, and publishes once the file is back', async () => {
    const { key, teamId, mastodon } = await setup();
    const upload = await uploadMedia(t, key, 'square-1080.jpg', teamId);
    const [row] = await t.services.db.select().from(uploads).where(eq(uploads.id, upload.id));
    // The file is on another machine's disk, as with local storage behind a load balancer.
    const bytes = Buffer.concat(await t.services.storage.open(row!.path).toArray());
    await t.services.storage.delete(row!.path);
    const created = (await t.request('POST', '/post', { key, body: toot(teamId, { data: { MASTODON: { text: 'With a photo', uploadIds: [upload.id] } } }) }))
      .json;
    const failing = await waitForPost(key, created.id, (post) => post.status === 'RETRYING' || settled(post));
    expect(failing.status).toBe('RETRYING');
    expect(failing.errors.MASTODON).toContain('could not fetch the media');
    expect((await items(key, mastodon.id)).total).toBe(0);
    await t.services.storage.put(row!.path, Readable.from([bytes]));
    expect((await waitForPost(key, created.id, settled)).status).toBe('POSTED');
    expect((await items(key, mastodon.id)).total).toBe(1);
  });

  it('waits for a rate limit to reset', async () => {
    const { key, teamId } = await setup();
    await fault(key, { type: 'MASTODON', operation: 'publishing.publish', kind: 'RATE_LIMITED', retryAfterSeconds: 2, count: 1 });
    const created = (await t.request('POST', '/post', { key, body: toot(teamId) })).json;
    const limited = await waitForPost(key, created.id, (post) => post.status === 'RETRYING' || settled(post));
    expect(limited.errorsVerbose.MASTODON).toMatchObject({ code: 'RATE_LIMITED', isTransient: true });
    expect((await waitForPost(key, created.id, settled)).status).toBe('POSTED');
  });

  it('stops on a permanent failure, and a retry publishes only what failed', async () => {
    const { key, teamId, mastodon } = await setup();
    const bluesky = await connectAccount(t, key, teamId, 'BLUESKY');
    const faultId = await fault(key, { type: 'MASTODON', operation: 'publishing.publish', kind: 'PERMANENT', message: 'Status is a duplicate' });
    const created = (
      await t.request('POST', '/post', {
        key,
        body: toot(teamId, { socialAccountTypes: ['MASTODON', 'BLUESKY'], data: { MASTODON: { text: 'Hi' }, BLUESKY: { text: 'Hi' } } }),
      })
    ).json;
    const failed = await waitForPost(key, created.id, settled);
    expect(failed.status).toBe('ERROR');
    expect(failed.errors.MASTODON).toMatch(/duplicate/);
    expect(failed.errorsVerbose.MASTODON).toMatchObject({ code: 'PERMANENT', isTransient: false, retryability: 'non_retryable' });
    expect(failed.externalData.BLUESKY!.uri).toMatch(/^at:\/\//);

    await t.request('DELETE', `/sandbox/faults/${faultId}`, { key });
    const retried = await t.request('POST', `/post/${created.id}/retry`, { key });
    expect(retried.json).toMatchObject({ status: 'SCHEDULED', retryCount: 1 });
    const posted = await waitForPost(key, created.id, settled);
    expect(posted.status).toBe('POSTED');
    expect((await items(key, mastodon.id)).total).toBe(1);
    expect((await items(key, bluesky.id)).total).toBe(1);
    expect((await t.request('PATCH', `/post/${created.id}`, { key, body: { title: 'Too late' } })).status).toBe(409);
  });

  it('publishes the edited version of a scheduled post, and nothing of a deleted one', async () => {
    const { key, teamId, mastodon } = await setup();
    const soon = () => new Date(Date.now() + 2500).toISOString();
    const edited = (await t.request('POST', '/post', { key, body: toot(teamId, { postDate: soon() }) })).json;
    await t.request('PATCH', `/post/${edited.id}`, { key, body: { data: { MASTODON: { text: 'Second thoughts' } } } });
    const deleted = (await t.request('POST', '/post', { key, body: toot(teamId, { postDate: soon() }) })).json;
    await t.request('DELETE', `/post/${deleted.id}`, { key });
    expect((await waitForPost(key, edited.id, settled)).status).toBe('POSTED');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const onPlatform = await items(key, mastodon.id);
    expect(onPlatform.items.map((item) => item.text)).toEqual(['Second thoughts']);
    expect((await t.request('GET', `/post/${deleted.id}`, { key })).json.status).toBe('DELETED');
  });

  it('posts the first comment under the published item', async () => {
    const { key, teamId, mastodon } = await setup();
    const created = (await t.request('POST', '/post', { key, body: toot(teamId, { firstComment: { MASTODON: 'Links in the first reply' } }) })).json;
    const post = await waitForPost(key, created.id, settled);
    expect(post.status).toBe('POSTED');
    const deadline = Date.now() + 15_000;
    let comments = await items(key, mastodon.id, 'COMMENT');
    while (comments.total === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      comments = await items(key, mastodon.id, 'COMMENT');
    }
    expect(comments.items.map((item) => item.text)).toEqual(['Links in the first reply']);
  });

  it('keeps a YouTube post POSTED when its custom thumbnail is refused, with the reason in errors', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'YOUTUBE', { channelName: 'Kitchen Lab' });
    const video = await uploadMedia(t, key, 'landscape-5s.mp4');
    const image = await uploadMedia(t, key, 'square-1080.jpg');
    await fault(key, { type: 'YOUTUBE', operation: 'publishing.thumbnail', kind: 'PERMANENT', message: 'Thumbnail too small', count: 3 });
    const created = await t.request('POST', '/post', {
      key,
      body: {
        teamId,
        title: 'Video',
        postDate: new Date().toISOString(),
        socialAccountTypes: ['YOUTUBE'],
        data: { YOUTUBE: { type: 'VIDEO', uploadIds: [video.id], text: 'Landscape', thumbnail: image.id } },
      },
    });
    const post = await waitForPost(key, created.json.id, settled);
    expect(post.status).toBe('POSTED');
    expect(post.errors.YOUTUBE).toMatch(/custom thumbnail was refused: Thumbnail too small/);
    expect(post.externalData.YOUTUBE!.permalink).toMatch(/watch\?v=/);
  });
});
