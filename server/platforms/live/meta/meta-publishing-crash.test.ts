import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { postJobs } from '../../../posts/posts.jobs';
import { uploadMedia } from '../../../posts/posts-test-kit';
import { freePort } from '../../../test/free-port';
import { createTestApp } from '../../../test/test-app';
import { connectThroughConsent, createPostNow, settled, waitForPost } from '../test-kit/live-app';
import { clickConsent, received, startMetaStandIn } from './meta-test-kit';

/**
 * Meta has no idempotency key: what keeps a retry from posting twice is the container (or Page
 * object) recorded with the intent before the step that shows the post (decision 074). Two ways an
 * attempt ends between Meta doing the work and our commit, both through the product:
 * - Meta performs `media_publish` (or shows the Page post) but its answer is lost (a 500): the
 *   next attempt resumes from its checkpoint, sees the container PUBLISHED and finds the media;
 * - the worker dies right after `media_publish` answered, before anything else is committed (the
 *   database refuses the next write once, as a killed process would never make it): the next run
 *   of the job finds the target in flight and asks `findByIntent`, which finds the media.
 */
const port = await freePort();
const PUBLIC_URL = `http://127.0.0.1:${port}`;
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
const t = await createTestApp({
  work: true,
  workOnly: postJobs,
  env: { LIVE_PLATFORMS: 'FACEBOOK,INSTAGRAM,THREADS', PUBLIC_URL, ...meta.env, PUBLISH_RETRY_BASE_SECONDS: '0.2', META_CONTAINER_WAIT_SECONDS: '0' },
});
const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
expect((server.address() as AddressInfo).port).toBe(port);
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await meta.close();
});
beforeEach(() => meta.reset());

type Org = Awaited<ReturnType<typeof t.createOrg>>;
const BAKERY = { page: '104000000000001', instagram: '17841400000000001' };

async function connect(org: Org, type: string, body: Record<string, unknown> = {}, channelId?: string) {
  await connectThroughConsent(t, org.key, org.teamId, type, { body, approve: (url) => clickConsent(url) });
  if (channelId)
    expect((await t.request('POST', '/social-account/set-channel', { key: org.key, body: { teamId: org.teamId, type, channelId } })).status).toBe(200);
}
const calls = (host: keyof typeof meta.hosts, path: string, method = 'POST') => received(meta.hosts[host], path).filter((request) => request.method === method);
const published = (ownerId: string) => [...meta.world.engagement.media.values()].filter((media) => media.ownerId === ownerId);

describe('an answer lost after Meta published', { timeout: 60_000 }, () => {
  it('Instagram: the retry finds the published container’s media instead of publishing again', async () => {
    const org = await t.createOrg();
    await connect(org, 'INSTAGRAM', { instagramConnectionMethod: 'FACEBOOK' }, BAKERY.instagram);
    const image = await uploadMedia(t, org.key, 'square-1080.jpg');
    meta.world.publishing.losePublishAnswers = 1;
    const id = await createPostNow(t, org.key, { teamId: org.teamId, title: 'Once', type: 'INSTAGRAM', data: { text: 'Only once', uploadIds: [image.id] } });
    const post = await waitForPost(t, org.key, id, settled);
    expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
    expect(published(BAKERY.instagram)).toHaveLength(1);
    expect(calls('facebookGraph', `/${BAKERY.instagram}/media`)).toHaveLength(1);
    expect(calls('facebookGraph', `/${BAKERY.instagram}/media_publish`)).toHaveLength(1);
    expect(post.externalData.INSTAGRAM!.id).toBe(published(BAKERY.instagram)[0]!.id);
  });

  it('Threads and Facebook: one post each, whatever the lost answer', async () => {
    const org = await t.createOrg();
    await connect(org, 'THREADS');
    await connect(org, 'FACEBOOK', {}, BAKERY.page);
    const owner = meta.world.loginAs.threads;
    meta.world.publishing.losePublishAnswers = 1;
    const thread = await createPostNow(t, org.key, { teamId: org.teamId, title: 'Thread', type: 'THREADS', data: { text: 'Said once' } });
    expect((await waitForPost(t, org.key, thread, settled)).status).toBe('POSTED');
    expect(published(owner)).toHaveLength(1);
    expect(calls('threadsGraph', `/${owner}/threads_publish`)).toHaveLength(1);

    meta.world.publishing.losePublishAnswers = 1;
    const page = await createPostNow(t, org.key, { teamId: org.teamId, title: 'Page', type: 'FACEBOOK', data: { text: 'Shown once' } });
    const post = await waitForPost(t, org.key, page, settled);
    expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
    expect(published(BAKERY.page)).toHaveLength(1);
    // One post made; the retry read it back as published rather than showing it again.
    expect(calls('facebookGraph', `/${BAKERY.page}/feed`)).toHaveLength(1);
    expect(calls('facebookGraph', `/${post.externalData.FACEBOOK!.postId}`)).toHaveLength(1);
  });
});

describe('a worker that dies between media_publish and our commit', { timeout: 60_000 }, () => {
  it('leaves one media: the next run finds it through the recorded container', async () => {
    const org = await t.createOrg();
    await connect(org, 'INSTAGRAM', { instagramConnectionMethod: 'FACEBOOK' }, BAKERY.instagram);
    const image = await uploadMedia(t, org.key, 'square-1080.jpg');
    // The first write after media_publish (saving the media id) never happens: the process is gone.
    // A sequence is outside transactions, so the refusal happens once.
    for (const statement of [
      'CREATE SEQUENCE IF NOT EXISTS meta_crash_once',
      `CREATE OR REPLACE FUNCTION meta_crash_after_publish() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         -- Nested: SQL does not promise to evaluate AND left to right, and the sequence must count only these writes.
         IF NEW.progress ? 'mediaId' THEN
           IF nextval('meta_crash_once') = 1 THEN
             RAISE EXCEPTION 'worker killed after media_publish';
           END IF;
         END IF;
         RETURN NEW;
       END $$`,
      'DROP TRIGGER IF EXISTS meta_crash_after_publish ON post_targets',
      'CREATE TRIGGER meta_crash_after_publish BEFORE UPDATE ON post_targets FOR EACH ROW EXECUTE FUNCTION meta_crash_after_publish()',
    ])
      await t.services.db.execute(sql.raw(statement));
    try {
      const id = await createPostNow(t, org.key, {
        teamId: org.teamId,
        title: 'Crash',
        type: 'INSTAGRAM',
        data: { text: 'Survives crashes', uploadIds: [image.id] },
      });
      const post = await waitForPost(t, org.key, id, settled);
      expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
      const media = published(BAKERY.instagram);
      expect(media).toHaveLength(1);
      expect(post.externalData.INSTAGRAM!.id).toBe(media[0]!.id);
      expect(calls('facebookGraph', `/${BAKERY.instagram}/media`)).toHaveLength(1);
      expect(calls('facebookGraph', `/${BAKERY.instagram}/media_publish`)).toHaveLength(1);
      // Found by reading the container (PUBLISHED) and the account's latest media.
      const container = post.externalData.INSTAGRAM!.creationId!;
      expect(calls('facebookGraph', `/${container}`, 'GET').length).toBeGreaterThanOrEqual(2);
      expect(calls('facebookGraph', `/${BAKERY.instagram}/media`, 'GET')).toHaveLength(1);
    } finally {
      await t.services.db.execute(sql.raw('DROP TRIGGER IF EXISTS meta_crash_after_publish ON post_targets'));
    }
  });
});
