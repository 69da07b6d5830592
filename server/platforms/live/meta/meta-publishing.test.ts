import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { commentJobs } from '../../../comments/comments.jobs';
import { postJobs } from '../../../posts/posts.jobs';
import { uploadMedia } from '../../../posts/posts-test-kit';
import { freePort } from '../../../test/free-port';
import { testMedia } from '../../../test/test-media';
import { createTestApp } from '../../../test/test-app';
import { connectThroughConsent, createPostNow, settled, waitForPost, type PublishedPost } from '../test-kit/live-app';
import { clickConsent, received, startMetaStandIn } from './meta-test-kit';

/**
 * Publishing every content type to Instagram, Facebook Pages and Threads through the product: the
 * post API, the worker, the live connectors, against the Graph API stand-in, which downloads the
 * media from our public URL as Meta does (the app listens on PUBLIC_URL here), keeps containers
 * in progress until its clock says the video is processed, and checks every request as Meta
 * documents it. Crash and lost-answer cases are in `meta-publishing-crash.test.ts`.
 */
const port = await freePort();
const PUBLIC_URL = `http://127.0.0.1:${port}`;
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
const t = await createTestApp({
  work: true,
  workOnly: [...postJobs, ...commentJobs],
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
  if (channelId) {
    const selected = await t.request('POST', '/social-account/set-channel', { key: org.key, body: { teamId: org.teamId, type, channelId } });
    expect(selected.status, JSON.stringify(selected.json)).toBe(200);
  }
}

const calls = (host: keyof typeof meta.hosts, path: string, method = 'POST') => received(meta.hosts[host], path).filter((request) => request.method === method);
const formOf = (request: { text: string }) => Object.fromEntries(new URLSearchParams(request.text));
const published = (ownerId: string) => [...meta.world.engagement.media.values()].filter((media) => media.ownerId === ownerId);
const posted = (post: PublishedPost) => {
  expect(post.errors, JSON.stringify(post.errorsVerbose)).toEqual({});
  expect(post.status).toBe('POSTED');
  return post;
};
/** Waits while a video processes at the stand-in (the post retries, nothing new is made), then lets its clock move on. */
async function processVideo(org: Org, id: string) {
  const waiting = await waitForPost(t, org.key, id, (post) => post.status === 'RETRYING' || settled(post));
  expect(waiting.status, JSON.stringify(waiting.errorsVerbose)).toBe('RETRYING');
  expect(Object.values(waiting.errorsVerbose)[0]).toMatchObject({ code: 'TRANSIENT', meta: { stillProcessing: true } });
  const containers = meta.world.publishing.containers.size;
  // A few more looks at the same container: still in progress, nothing made again.
  await waitForPost(t, org.key, id, () => false, 1);
  expect(meta.world.publishing.containers.size).toBe(containers);
  meta.world.advance(meta.world.publishing.videoSeconds + 1);
  return waitForPost(t, org.key, id, settled);
}

describe('Instagram', { timeout: 60_000 }, () => {
  it('publishes an image with alt text, user tags, collaborators and a location, then its first comment (Facebook Login)', async () => {
    const org = await t.createOrg();
    await connect(org, 'INSTAGRAM', { instagramConnectionMethod: 'FACEBOOK' }, BAKERY.instagram);
    const image = await uploadMedia(t, org.key, 'square-1080.jpg');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Croissants',
      type: 'INSTAGRAM',
      data: {
        text: 'Fresh croissants #bakery',
        uploadIds: [image.id],
        altText: 'A basket of croissants',
        tagged: [{ username: 'ada.codes', x: 0.25, y: 0.75 }],
        collaborators: ['lovelace.studio'],
        locationId: '110843418940484',
      },
      firstComment: 'Open from 7am',
    });
    const post = posted(await waitForPost(t, org.key, id, settled));

    // The cap was read before the container was made; one container, published once.
    const limit = calls('facebookGraph', `/${BAKERY.instagram}/content_publishing_limit`, 'GET');
    expect(limit).toHaveLength(1);
    const [container] = calls('facebookGraph', `/${BAKERY.instagram}/media`);
    expect(formOf(container!)).toMatchObject({
      caption: 'Fresh croissants #bakery',
      alt_text: 'A basket of croissants',
      location_id: '110843418940484',
      collaborators: '["lovelace.studio"]',
      user_tags: '[{"username":"ada.codes","x":0.25,"y":0.75}]',
    });
    const imageUrl = formOf(container!).image_url!;
    expect(imageUrl.startsWith(`${PUBLIC_URL}/media/`)).toBe(true);
    // Meta downloaded it from our public URL.
    expect(meta.world.publishing.fetched).toEqual([{ url: imageUrl, result: { ok: true, type: 'image/jpeg', bytes: expect.any(Number) } }]);
    expect(calls('facebookGraph', `/${BAKERY.instagram}/media_publish`)).toHaveLength(1);

    const [media] = published(BAKERY.instagram);
    expect(post.externalData.INSTAGRAM).toMatchObject({
      id: media!.id,
      creationId: formOf(calls('facebookGraph', `/${BAKERY.instagram}/media_publish`)[0]!).creation_id,
      permalink: expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\//),
    });
    // The first comment, as the account, under the media.
    const withComment = await waitForPost(t, org.key, id, (current) => !!current.externalData.INSTAGRAM?.firstCommentId);
    const comments = meta.world.engagement.commentsOf(media!.id);
    expect(comments.map((comment) => [comment.fromId, comment.text])).toEqual([[BAKERY.instagram, 'Open from 7am']]);
    expect(withComment.externalData.INSTAGRAM!.firstCommentId).toBe(comments[0]!.id);
  });

  it('comments through the comment API under the published media, and answers that comment on its replies edge', async () => {
    const org = await t.createOrg();
    await connect(org, 'INSTAGRAM', { instagramConnectionMethod: 'FACEBOOK' }, BAKERY.instagram);
    const image = await uploadMedia(t, org.key, 'square-1080.jpg');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Talk',
      type: 'INSTAGRAM',
      data: { text: 'Ask us anything', uploadIds: [image.id] },
    });
    const mediaId = posted(await waitForPost(t, org.key, id, settled)).externalData.INSTAGRAM!.id!;
    const comment = async (body: Record<string, unknown>) => {
      const created = await t.request('POST', '/comment', { key: org.key, body: { teamId: org.teamId, socialAccountTypes: ['INSTAGRAM'], ...body } });
      expect(created.status, created.text).toBe(200);
      for (let tries = 0; tries < 100; tries += 1) {
        const current = (await t.request('GET', `/comment/${created.json.id}`, { key: org.key })).json;
        if (current.status === 'POSTED' || current.status === 'ERROR') return current;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the comment was not published');
    };
    const top = await comment({ internalPostId: id, text: 'We open at 7' });
    expect(top.status, JSON.stringify(top)).toBe('POSTED');
    const reply = await comment({ internalPostId: id, internalParentCommentId: top.id, text: 'And close at 6' });
    expect(reply.status, JSON.stringify(reply)).toBe('POSTED');
    const [first, second] = meta.world.engagement.commentsOf(mediaId);
    expect([first!.text, first!.parentId, second!.text, second!.parentId]).toEqual(['We open at 7', null, 'And close at 6', first!.id]);
    expect(calls('facebookGraph', `/${first!.id}/replies`)).toHaveLength(1);
  });

  it('waits for a reel’s container across attempts without making another, with its cover image, with Instagram Login', async () => {
    const org = await t.createOrg();
    await connect(org, 'INSTAGRAM', { instagramConnectionMethod: 'INSTAGRAM' });
    const owner = meta.world.loginAs.instagram;
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const cover = await uploadMedia(t, org.key, 'square-1080.jpg');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Reel',
      type: 'INSTAGRAM',
      data: {
        type: 'REEL',
        text: 'Behind the scenes',
        uploadIds: [video.id],
        shareToFeed: true,
        thumbnailOffset: 1500,
        thumbnail: cover.id,
        trialParams: { graduationStrategy: 'MANUAL' },
      },
    });
    // Published with no warning: the cover image went to Meta.
    const post = posted(await processVideo(org, id));
    const made = calls('instagramGraph', `/${owner}/media`);
    expect(made).toHaveLength(1);
    const form = formOf(made[0]!);
    expect(form).toMatchObject({ media_type: 'REELS', share_to_feed: 'true', trial_params: '{"graduation_strategy":"MANUAL"}' });
    expect(form.video_url).toMatch(new RegExp(`^${PUBLIC_URL}/media/`));
    // The cover replaces the frame offset (Meta would ignore the offset), and Meta downloaded it from our public URL.
    expect(form.thumb_offset).toBeUndefined();
    expect(form.cover_url).toMatch(new RegExp(`^${PUBLIC_URL}/media/`));
    expect(form.cover_url).not.toBe(form.video_url);
    expect(meta.world.publishing.fetched).toContainEqual({ url: form.cover_url, result: { ok: true, type: 'image/jpeg', bytes: expect.any(Number) } });
    // Polled the one container until it was FINISHED, then published it once.
    expect(calls('instagramGraph', `/${owner}/media_publish`)).toHaveLength(1);
    const [media] = published(owner);
    expect(media).toMatchObject({ productType: 'REELS', mediaType: 'VIDEO', sharedToFeed: true });
    expect(post.externalData.INSTAGRAM!.id).toBe(media!.id);
  });

  it('publishes a carousel of an image and a video, and a story', async () => {
    const org = await t.createOrg();
    await connect(org, 'INSTAGRAM', { instagramConnectionMethod: 'FACEBOOK' }, BAKERY.instagram);
    const image = await uploadMedia(t, org.key, 'square-1080.jpg');
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const carousel = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Carousel',
      type: 'INSTAGRAM',
      data: {
        text: 'Two views',
        carouselItems: [{ uploadId: image.id, altText: 'The shop', tagged: [{ username: 'ada.codes', x: 0.5, y: 0.5 }] }, { uploadId: video.id }],
      },
    });
    posted(await processVideo(org, carousel));
    const [first, second, parent] = calls('facebookGraph', `/${BAKERY.instagram}/media`).map(formOf);
    expect(first).toMatchObject({ is_carousel_item: 'true', alt_text: 'The shop' });
    expect(second).toMatchObject({ is_carousel_item: 'true', media_type: 'VIDEO' });
    expect(parent).toMatchObject({ media_type: 'CAROUSEL', caption: 'Two views' });
    expect(parent!.children!.split(',')).toHaveLength(2);

    // A feed post with one video is a reel shared to the feed.
    const feedVideo = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Video',
      type: 'INSTAGRAM',
      data: { text: 'In the oven', uploadIds: [video.id], thumbnailOffset: 1500 },
    });
    posted(await processVideo(org, feedVideo));
    const feedReel = formOf(calls('facebookGraph', `/${BAKERY.instagram}/media`)[3]!);
    expect(feedReel).toMatchObject({ media_type: 'REELS', share_to_feed: 'true', caption: 'In the oven', thumb_offset: '1500' });
    expect(feedReel.cover_url).toBeUndefined();

    const story = await uploadMedia(t, org.key, 'story-1080x1920.jpg');
    const storyPost = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Story',
      type: 'INSTAGRAM',
      data: { type: 'STORY', uploadIds: [story.id], thumbnail: image.id },
    });
    // Stories take no cover: published, with the reason the thumbnail was not used.
    const storyPublished = await waitForPost(t, org.key, storyPost, settled);
    expect(storyPublished.status).toBe('POSTED');
    expect(storyPublished.errors.INSTAGRAM).toMatch(/cover image only for reels/);
    expect(formOf(calls('facebookGraph', `/${BAKERY.instagram}/media`)[4]!).cover_url).toBeUndefined();
    expect(published(BAKERY.instagram).map((media) => [media.mediaType, media.productType])).toEqual([
      ['CAROUSEL_ALBUM', 'FEED'],
      ['VIDEO', 'REELS'],
      ['IMAGE', 'STORY'],
    ]);
  });

  it('reports the daily cap before making anything, and an unreachable media URL in Meta’s words', async () => {
    const org = await t.createOrg();
    await connect(org, 'INSTAGRAM', { instagramConnectionMethod: 'FACEBOOK' }, BAKERY.instagram);
    const image = await uploadMedia(t, org.key, 'square-1080.jpg');
    meta.world.publishing.seedPublishes(BAKERY.instagram, 'instagram', meta.world.publishing.caps.instagram);
    const capped = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Capped',
      type: 'INSTAGRAM',
      data: { text: 'One more', uploadIds: [image.id] },
    });
    const waiting = await waitForPost(t, org.key, capped, (post) => post.status === 'RETRYING' || settled(post));
    expect(waiting.status).toBe('RETRYING');
    expect(waiting.errorsVerbose.INSTAGRAM).toMatchObject({
      code: 'RATE_LIMITED',
      userFacingMessage: expect.stringContaining('limit of 100 posts'),
      meta: { quotaUsage: 100, quotaTotal: 100 },
    });
    expect(calls('facebookGraph', `/${BAKERY.instagram}/media`)).toHaveLength(0);

    meta.reset();
    const again = await t.createOrg();
    await connect(again, 'INSTAGRAM', { instagramConnectionMethod: 'FACEBOOK' }, BAKERY.instagram);
    // Our public URL does not answer Meta (a PUBLIC_URL on a private network).
    meta.world.publishing.fetchMedia = async () => new Response('not here', { status: 404 });
    const hidden = await uploadMedia(t, again.key, 'square-1080.jpg');
    const unreachable = await createPostNow(t, again.key, {
      teamId: again.teamId,
      title: 'Lost',
      type: 'INSTAGRAM',
      data: { text: 'Hidden', uploadIds: [hidden.id] },
    });
    const failed = await waitForPost(t, again.key, unreachable, settled);
    expect(failed.status).toBe('ERROR');
    expect(failed.errorsVerbose.INSTAGRAM).toMatchObject({
      code: 'INVALID_REQUEST',
      userFacingMessage: expect.stringContaining('PUBLIC_URL'),
      meta: { metaCode: 9004, metaSubcode: 2207052 },
    });
  });
});

describe('Facebook Pages', { timeout: 60_000 }, () => {
  async function page() {
    const org = await t.createOrg();
    await connect(org, 'FACEBOOK', {}, BAKERY.page);
    return org;
  }

  it('publishes a link post with a first comment, then edits and deletes it through the API', async () => {
    const org = await page();
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Link',
      type: 'FACEBOOK',
      data: { text: 'Our new menu', link: 'https://bakery.example/menu' },
      firstComment: 'Bon appétit',
    });
    const post = posted(await waitForPost(t, org.key, id, settled));
    // Made unpublished, then shown: the step a retry can read back.
    const [made] = calls('facebookGraph', `/${BAKERY.page}/feed`).map(formOf);
    expect(made).toMatchObject({ message: 'Our new menu', link: 'https://bakery.example/menu', published: 'false' });
    const postId = post.externalData.FACEBOOK!.postId!;
    expect(calls('facebookGraph', `/${postId}`).map(formOf)).toEqual([{ is_published: 'true' }]);
    expect(post.externalData.FACEBOOK).toMatchObject({ id: postId, permalink: `https://www.facebook.com/${BAKERY.page}/posts/${postId.split('_')[1]}` });
    expect(meta.world.engagement.media.get(postId)).toMatchObject({ text: 'Our new menu', productType: 'POST' });
    const withComment = await waitForPost(t, org.key, id, (current) => !!current.externalData.FACEBOOK?.firstCommentId);
    expect(meta.world.engagement.commentsOf(postId).map((comment) => [comment.fromId, comment.text])).toEqual([[BAKERY.page, 'Bon appétit']]);
    const commentId = withComment.externalData.FACEBOOK!.firstCommentId!;
    const commentEdited = await t.request('PATCH', '/misc/facebook/comment', { key: org.key, body: { teamId: org.teamId, commentId, text: 'Bon appétit !' } });
    expect(commentEdited.status, commentEdited.text).toBe(200);
    expect(meta.world.engagement.comments.get(commentId)!.text).toBe('Bon appétit !');
    expect((await t.request('DELETE', '/misc/facebook/comment', { key: org.key, body: { teamId: org.teamId, commentId } })).status).toBe(200);
    expect(meta.world.engagement.comments.has(commentId)).toBe(false);

    const edited = await t.request('PATCH', '/misc/facebook/post', {
      key: org.key,
      body: { teamId: org.teamId, postId: id, description: 'Our new menu (updated)' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(meta.world.engagement.media.get(postId)!.text).toBe('Our new menu (updated)');
    const deleted = await t.request('DELETE', '/misc/facebook/post', { key: org.key, body: { teamId: org.teamId, postId: id } });
    expect(deleted.status, deleted.text).toBe(200);
    expect(meta.world.engagement.media.has(postId)).toBe(false);
  });

  it('publishes several photos as one post, and a reel through the upload host', async () => {
    const org = await page();
    const first = await uploadMedia(t, org.key, 'square-1080.jpg');
    const second = await uploadMedia(t, org.key, 'link-card-1200x628.png');
    const photos = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Photos',
      type: 'FACEBOOK',
      data: { text: 'Two loaves', uploadIds: [first.id, second.id] },
    });
    const post = posted(await waitForPost(t, org.key, photos, settled));
    const uploaded = calls('facebookGraph', `/${BAKERY.page}/photos`).map(formOf);
    expect(uploaded.map((form) => form.published)).toEqual(['false', 'false']);
    const attached = formOf(calls('facebookGraph', `/${BAKERY.page}/feed`)[0]!);
    expect([attached['attached_media[0]'], attached['attached_media[1]']].map((value) => JSON.parse(value!).media_fbid).sort()).toEqual(
      [...meta.world.publishing.photos.keys()].sort(),
    );
    expect(meta.world.engagement.media.get(post.externalData.FACEBOOK!.postId!)).toMatchObject({ mediaType: 'album' });

    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const reel = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Reel',
      type: 'FACEBOOK',
      data: { type: 'REEL', text: 'Kneading', uploadIds: [video.id] },
    });
    const reelPost = posted(await processVideo(org, reel));
    const [start, finish] = calls('facebookGraph', `/${BAKERY.page}/video_reels`).map(formOf);
    expect(start).toMatchObject({ upload_phase: 'start' });
    expect(finish).toMatchObject({ upload_phase: 'finish', video_state: 'PUBLISHED', description: 'Kneading' });
    const videoId = finish!.video_id!;
    // The video reached the upload host by its public URL, with the Page token in the header.
    const [upload] = meta.hosts.facebookRupload.requests;
    expect(upload!.path).toBe(`/video-upload/v26.0/${videoId}`);
    expect(upload!.headers.get('file_url')).toMatch(new RegExp(`^${PUBLIC_URL}/media/`));
    expect(upload!.headers.get('authorization')).toMatch(/^OAuth /);
    expect(reelPost.externalData.FACEBOOK).toMatchObject({ id: videoId, videoId, permalink: `https://www.facebook.com/lovelacebakery/videos/${videoId}/` });
  });

  it('publishes a text post on a background and a video post', async () => {
    const org = await page();
    const text = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Text',
      type: 'FACEBOOK',
      data: { text: 'Closed Monday', textFormatPresetId: '106018623298955' },
    });
    posted(await waitForPost(t, org.key, text, settled));
    expect(formOf(calls('facebookGraph', `/${BAKERY.page}/feed`)[0]!)).toMatchObject({
      message: 'Closed Monday',
      text_format_preset_id: '106018623298955',
      published: 'false',
    });

    const video = await uploadMedia(t, org.key, 'landscape-5s.mp4');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Video',
      type: 'FACEBOOK',
      data: { text: 'The oven', mediaTitle: 'Oven tour', uploadIds: [video.id] },
    });
    const post = posted(await waitForPost(t, org.key, id, settled));
    const [made] = calls('facebookGraph', `/${BAKERY.page}/videos`).map(formOf);
    expect(made).toMatchObject({ description: 'The oven', title: 'Oven tour' });
    expect(made!.file_url).toMatch(new RegExp(`^${PUBLIC_URL}/media/`));
    expect(post.externalData.FACEBOOK).toMatchObject({
      videoId: post.externalData.FACEBOOK!.id,
      permalink: expect.stringContaining('/lovelacebakery/videos/'),
    });
  });

  it('sends a video post’s thumbnail as the `thumb` file, and says a photo post does not use one', async () => {
    const org = await page();
    const video = await uploadMedia(t, org.key, 'landscape-5s.mp4');
    const cover = await uploadMedia(t, org.key, 'square-1080.jpg');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Video',
      type: 'FACEBOOK',
      data: { text: 'The oven', uploadIds: [video.id], thumbnail: cover.id },
    });
    const post = posted(await waitForPost(t, org.key, id, settled));
    const [made] = calls('facebookGraph', `/${BAKERY.page}/videos`);
    // Multipart, as Meta documents `thumb`: the image's bytes beside the other fields.
    expect(made!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await made!.request.clone().formData();
    expect(form.get('description')).toBe('The oven');
    expect(String(form.get('file_url'))).toMatch(new RegExp(`^${PUBLIC_URL}/media/`));
    const thumb = form.get('thumb');
    expect(thumb).toBeInstanceOf(Blob);
    const coverBytes = (await testMedia('square-1080.jpg')).byteLength;
    expect((thumb as Blob).size).toBe(coverBytes);
    const videoId = post.externalData.FACEBOOK!.videoId!;
    expect(meta.world.publishing.videos.get(videoId)!.thumb).toEqual({ type: 'image/jpeg', size: coverBytes });
    expect(post.externalData.FACEBOOK!.thumbnail).toMatch(/-thumb\.jpg$/);

    const image = await uploadMedia(t, org.key, 'square-1080.jpg');
    const photo = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Photo',
      type: 'FACEBOOK',
      data: { text: 'Bread', uploadIds: [image.id], thumbnail: cover.id },
    });
    const photoPost = await waitForPost(t, org.key, photo, settled);
    expect(photoPost.status).toBe('POSTED');
    expect(photoPost.errors.FACEBOOK).toMatch(/thumbnail only for video posts/);
  });

  it('publishes a photo story and a video story', async () => {
    const org = await page();
    const image = await uploadMedia(t, org.key, 'story-1080x1920.jpg');
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    for (const upload of [image, video]) {
      const id = await createPostNow(t, org.key, { teamId: org.teamId, title: 'Story', type: 'FACEBOOK', data: { type: 'STORY', uploadIds: [upload.id] } });
      const post = posted(await waitForPost(t, org.key, id, settled));
      expect(meta.world.engagement.media.get(post.externalData.FACEBOOK!.postId!)).toMatchObject({ productType: 'STORY' });
      expect(post.externalData.FACEBOOK!.permalink).toMatch(/^https:\/\/www\.facebook\.com\/stories\//);
    }
    expect(calls('facebookGraph', `/${BAKERY.page}/photo_stories`)).toHaveLength(1);
    expect(calls('facebookGraph', `/${BAKERY.page}/video_stories`).map((request) => formOf(request).upload_phase)).toEqual(['start', 'finish']);
  });
});

describe('Threads', { timeout: 60_000 }, () => {
  it('publishes text with a topic tag, reply control and a poll, and its first comment as a reply', async () => {
    const org = await t.createOrg();
    await connect(org, 'THREADS');
    const owner = meta.world.loginAs.threads;
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Poll',
      type: 'THREADS',
      data: { text: 'Which bread?', topicTag: 'Baking', replyControl: 'accounts_you_follow', poll: { optionA: 'Rye', optionB: 'Spelt' } },
      firstComment: 'Vote by Friday',
    });
    const post = posted(await waitForPost(t, org.key, id, (current) => !!current.externalData.THREADS?.firstCommentId || current.status === 'ERROR'));
    const [made] = calls('threadsGraph', `/${owner}/threads`).map(formOf);
    expect(made).toMatchObject({
      media_type: 'TEXT',
      text: 'Which bread?',
      topic_tag: 'Baking',
      reply_control: 'accounts_you_follow',
      poll_attachment: '{"option_a":"Rye","option_b":"Spelt"}',
    });
    expect(calls('threadsGraph', `/${owner}/threads_publishing_limit`, 'GET').length).toBeGreaterThanOrEqual(1);
    const mediaId = post.externalData.THREADS!.id!;
    const reply = calls('threadsGraph', `/${owner}/threads`).map(formOf)[1];
    expect(reply).toMatchObject({ media_type: 'TEXT', text: 'Vote by Friday', reply_to_id: mediaId });
    expect(meta.world.engagement.commentsOf(mediaId).map((comment) => comment.text)).toEqual(['Vote by Friday']);
    expect(post.externalData.THREADS).toMatchObject({ id: mediaId, permalink: expect.stringMatching(/^https:\/\/www\.threads\.com\//) });
  });

  it('publishes a carousel of an image and a video, waiting for the video', async () => {
    const org = await t.createOrg();
    await connect(org, 'THREADS');
    const owner = meta.world.loginAs.threads;
    const image = await uploadMedia(t, org.key, 'square-1080.jpg');
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Carousel',
      type: 'THREADS',
      data: { text: 'Morning batch', mediaItems: [{ uploadId: image.id, altText: 'Loaves' }, { uploadId: video.id }] },
    });
    posted(await processVideo(org, id));
    const forms = calls('threadsGraph', `/${owner}/threads`).map(formOf);
    expect(forms.map((form) => form.media_type)).toEqual(['IMAGE', 'VIDEO', 'CAROUSEL']);
    expect(forms[0]).toMatchObject({ is_carousel_item: 'true', alt_text: 'Loaves' });
    expect(calls('threadsGraph', `/${owner}/threads_publish`)).toHaveLength(1);
    expect(published(owner).map((media) => media.mediaType)).toEqual(['CAROUSEL_ALBUM']);
  });

  it('publishes an image, a video and a link attachment', async () => {
    const org = await t.createOrg();
    await connect(org, 'THREADS');
    const owner = meta.world.loginAs.threads;
    const image = await uploadMedia(t, org.key, 'square-1080.jpg');
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    posted(
      await waitForPost(
        t,
        org.key,
        await createPostNow(t, org.key, {
          teamId: org.teamId,
          title: 'Image',
          type: 'THREADS',
          data: { text: 'Crumb shot', mediaItems: [{ uploadId: image.id, altText: 'Crumb' }] },
        }),
        settled,
      ),
    );
    posted(
      await waitForPost(
        t,
        org.key,
        await createPostNow(t, org.key, {
          teamId: org.teamId,
          title: 'Link',
          type: 'THREADS',
          data: { text: 'Recipe', linkAttachment: 'https://bakery.example/recipe' },
        }),
        settled,
      ),
    );
    posted(
      await processVideo(
        org,
        await createPostNow(t, org.key, { teamId: org.teamId, title: 'Video', type: 'THREADS', data: { text: 'Shaping', uploadIds: [video.id] } }),
      ),
    );
    const forms = calls('threadsGraph', `/${owner}/threads`).map(formOf);
    expect(forms.map((form) => [form.media_type, form.text])).toEqual([
      ['IMAGE', 'Crumb shot'],
      ['TEXT', 'Recipe'],
      ['VIDEO', 'Shaping'],
    ]);
    expect(forms[0]).toMatchObject({ alt_text: 'Crumb' });
    expect(forms[1]).toMatchObject({ link_attachment: 'https://bakery.example/recipe' });
    expect(
      published(owner)
        .map((media) => media.mediaType)
        .sort(),
    ).toEqual(['IMAGE', 'TEXT_POST', 'VIDEO']);
  });

  it('reports the daily caps of 250 posts and 1,000 replies before making anything', async () => {
    const org = await t.createOrg();
    await connect(org, 'THREADS');
    const owner = meta.world.loginAs.threads;
    meta.world.publishing.seedPublishes(owner, 'threads', 250);
    const id = await createPostNow(t, org.key, { teamId: org.teamId, title: 'Capped', type: 'THREADS', data: { text: 'One too many' } });
    const waiting = await waitForPost(t, org.key, id, (post) => post.status === 'RETRYING' || settled(post));
    expect(waiting.errorsVerbose.THREADS).toMatchObject({ code: 'RATE_LIMITED', userFacingMessage: expect.stringContaining('250 posts') });
    expect(calls('threadsGraph', `/${owner}/threads`)).toHaveLength(0);

    // Replies have their own cap: the post goes out, its first comment waits.
    meta.reset();
    const again = await t.createOrg();
    await connect(again, 'THREADS');
    meta.world.publishing.seedPublishes(owner, 'threads', 1_000, true);
    const post = posted(
      await waitForPost(
        t,
        again.key,
        await createPostNow(t, again.key, {
          teamId: again.teamId,
          title: 'Busy',
          type: 'THREADS',
          data: { text: 'Lots of talk' },
          firstComment: 'One more reply',
        }),
        settled,
      ),
    );
    // The first comment's attempt read the cap (after the post's own read) and made no reply.
    await waitForPost(t, again.key, post.id, () => calls('threadsGraph', `/${owner}/threads_publishing_limit`, 'GET').length >= 2, 10);
    expect(calls('threadsGraph', `/${owner}/threads_publishing_limit`, 'GET')).toHaveLength(2);
    expect(calls('threadsGraph', `/${owner}/threads`).map((request) => formOf(request).reply_to_id)).toEqual([undefined]);
    expect(meta.world.engagement.commentsOf(post.externalData.THREADS!.id!)).toEqual([]);
  });
});
