import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { postJobs } from '../../../posts/posts.jobs';
import { uploadMedia } from '../../../posts/posts-test-kit';
import { createTestApp } from '../../../test/test-app';
import { testMedia } from '../../../test/test-media';
import { connectThroughConsent, createPostNow, settled, waitForPost } from '../test-kit/live-app';
import { fail } from './tiktok-stand-in/stand-in-rules';
import { startTikTokStandIn, TIKTOK_CLIENT_KEY } from './tiktok-test-kit';

/**
 * A team connects TikTok through Login Kit and publishes through the worker: a direct video post,
 * a draft to the creator's inbox, a photo post, with what `creator_info/query` allows checked
 * before each. The app reaches TikTok at TIKTOK_API_URL / TIKTOK_AUTHORIZE_URL: here the stand-in
 * (`tiktok-stand-in/`) that checks each request as TikTok documents it, chunk rules included.
 */
const tiktok = await startTikTokStandIn();
afterAll(() => tiktok.close());
const PUBLIC_URL = 'https://desk.example';
const t = await createTestApp({
  work: true,
  workOnly: postJobs,
  env: { LIVE_PLATFORMS: 'TIKTOK', PUBLIC_URL, PUBLISH_RETRY_BASE_SECONDS: '0.2', ...tiktok.env },
});
beforeEach(() => tiktok.reset());

type Org = Awaited<ReturnType<typeof t.createOrg>>;

async function connectedTeam(): Promise<Org> {
  const org = await t.createOrg();
  await connectThroughConsent(t, org.key, org.teamId, 'TIKTOK');
  return org;
}

const initBodies = (path: string) => tiktok.calls('POST', path).map((request) => JSON.parse(request.text) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any

describe('TikTok live, end to end on the stand-in', { timeout: 60_000 }, () => {
  it('connects through Login Kit: the consent asks for the posting scopes, the account is the TikTok user', async () => {
    const org = await t.createOrg();
    const { consent } = await connectThroughConsent(t, org.key, org.teamId, 'TIKTOK');
    expect(`${consent.origin}${consent.pathname}`).toBe(`${tiktok.url}/v2/auth/authorize/`);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({ client_key: TIKTOK_CLIENT_KEY, response_type: 'code' });
    expect(consent.searchParams.get('scope')!.split(',')).toEqual(expect.arrayContaining(['user.info.basic', 'video.publish', 'video.upload', 'video.list']));
    const account = (await t.request('GET', `/social-account/by-type?teamId=${org.teamId}&type=TIKTOK`, { key: org.key })).json;
    expect(account).toMatchObject({ mode: 'live', username: 'bakery_daily', displayName: 'The Bakery', externalId: tiktok.world.user.openId });
    // The code went to the token endpoint as a form with the client's key and secret.
    const exchange = new URLSearchParams(tiktok.calls('POST', '/v2/oauth/token/')[0]!.text);
    expect(exchange.get('grant_type')).toBe('authorization_code');
    expect(exchange.get('redirect_uri')).toBe(`${PUBLIC_URL}/connect/callback`);
  });

  it('posts a video directly: creator info first, the publish id kept, the file sent by Content-Range, polled to PUBLISH_COMPLETE', async () => {
    const org = await connectedTeam();
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Live TikTok',
      type: 'TIKTOK',
      data: { type: 'VIDEO', text: 'Morning bake #bread', uploadIds: [video.id], privacy: 'PUBLIC_TO_EVERYONE', isAiGenerated: true, disableDuet: true },
    });
    const post = await waitForPost(t, org.key, id, settled);
    expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
    const [publish] = [...tiktok.world.publishes.values()];
    const data = post.externalData.TIKTOK!;
    expect(data).toEqual({
      id: publish!.postId,
      requestId: publish!.id,
      status: 'PUBLISH_COMPLETE',
      permalink: `https://www.tiktok.com/@bakery_daily/video/${publish!.postId}`,
    });
    // The id is a 19-digit int64: read exactly, not rounded by a JavaScript number.
    expect(data.id).toMatch(/^\d{19}$/);

    const order = tiktok.receiver.requests.map((request) => `${request.method} ${request.path}`).filter((line) => / \/(v2\/post|upload)\//.test(line));
    expect(order.slice(0, 3)).toEqual(['POST /v2/post/publish/creator_info/query/', 'POST /v2/post/publish/video/init/', 'PUT /upload/']);
    const size = (await testMedia('vertical-3s.mp4')).length;
    const [init] = initBodies('/v2/post/publish/video/init/');
    expect(init).toEqual({
      post_info: {
        title: 'Morning bake #bread',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        disable_duet: true,
        disable_stitch: false,
        brand_content_toggle: false,
        brand_organic_toggle: false,
        is_aigc: true,
      },
      // Under 5 MB: one chunk, the whole file.
      source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: size, total_chunk_count: 1 },
    });
    const [put] = tiktok.calls('PUT', '/upload/');
    expect(put!.headers.get('content-range')).toBe(`bytes 0-${size - 1}/${size}`);
    expect(put!.headers.get('content-type')).toBe('video/mp4');
  });

  it('sends a draft to the creator’s inbox: no privacy needed, no post settings sent, ends at SEND_TO_USER_INBOX', async () => {
    const org = await connectedTeam();
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Draft',
      type: 'TIKTOK',
      data: { type: 'VIDEO', text: 'Finish in the app', uploadIds: [video.id], uploadToDraft: true },
    });
    const post = await waitForPost(t, org.key, id, settled);
    expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
    expect(post.externalData.TIKTOK).toMatchObject({ status: 'SEND_TO_USER_INBOX', requestId: expect.stringMatching(/^v_pub_file/) });
    expect(post.externalData.TIKTOK!.permalink).toBeUndefined();
    expect(tiktok.calls('POST', '/v2/post/publish/video/init/')).toHaveLength(0);
    const [init] = initBodies('/v2/post/publish/inbox/video/init/');
    expect(Object.keys(init!)).toEqual(['source_info']);
  });

  it('posts photos pulled from our verified public address, and explains an unverified one', async () => {
    const org = await connectedTeam();
    const first = await uploadMedia(t, org.key, 'square-1080.jpg');
    const second = await uploadMedia(t, org.key, 'story-1080x1920.jpg');
    const data = { type: 'IMAGE', text: 'Two loaves', uploadIds: [first.id, second.id], privacy: 'SELF_ONLY', photoCoverIndex: 1, autoAddMusic: true };

    const refused = await waitForPost(t, org.key, await createPostNow(t, org.key, { teamId: org.teamId, title: 'Unverified', type: 'TIKTOK', data }), settled);
    expect(refused.status).toBe('ERROR');
    expect(refused.errorsVerbose.TIKTOK).toMatchObject({ code: 'INVALID_REQUEST', meta: { tiktokError: 'url_ownership_unverified' } });
    expect(refused.errorsVerbose.TIKTOK!.userFacingMessage).toContain('verified');

    tiktok.world.verifiedUrlPrefixes = [`${PUBLIC_URL}/`];
    const post = await waitForPost(t, org.key, await createPostNow(t, org.key, { teamId: org.teamId, title: 'Photos', type: 'TIKTOK', data }), settled);
    expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
    // A private post gets no public id: the publish id stands for it, and there is no permalink.
    expect(post.externalData.TIKTOK).toMatchObject({ status: 'PUBLISH_COMPLETE', id: post.externalData.TIKTOK!.requestId });
    const init = initBodies('/v2/post/publish/content/init/').at(-1)!;
    expect(init).toMatchObject({
      post_mode: 'DIRECT_POST',
      media_type: 'PHOTO',
      post_info: { description: 'Two loaves', privacy_level: 'SELF_ONLY', auto_add_music: true },
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: 1 },
    });
    expect(init.source_info.photo_images).toHaveLength(2);
    for (const url of init.source_info.photo_images as string[]) expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  });

  it('checks the post against creator_info before anything is sent: privacy chosen and offered, duration, disabled interactions', async () => {
    const org = await connectedTeam();
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const attempt = async (data: Record<string, unknown>) =>
      waitForPost(
        t,
        org.key,
        await createPostNow(t, org.key, { teamId: org.teamId, title: 'Checked', type: 'TIKTOK', data: { type: 'VIDEO', uploadIds: [video.id], ...data } }),
        settled,
      );

    const noPrivacy = await attempt({ text: 'Who sees this?' });
    expect(noPrivacy.status).toBe('ERROR');
    expect(noPrivacy.errors.TIKTOK).toContain('Choose who can see this TikTok post');

    tiktok.world.creator.privacyLevelOptions = ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
    const notOffered = await attempt({ privacy: 'PUBLIC_TO_EVERYONE' });
    expect(notOffered.status).toBe('ERROR');
    expect(notOffered.errorsVerbose.TIKTOK!.errorMessage).toContain('offers FOLLOWER_OF_CREATOR, SELF_ONLY, not PUBLIC_TO_EVERYONE');

    tiktok.world.creator.maxVideoPostDurationSec = 2;
    const tooLong = await attempt({ privacy: 'SELF_ONLY' });
    expect(tooLong.status).toBe('ERROR');
    expect(tooLong.errorsVerbose.TIKTOK!.errorMessage).toContain('videos of up to 2 s');
    expect(tiktok.calls('POST', '/v2/post/publish/video/init/')).toHaveLength(0);
    expect(tiktok.calls('POST', '/v2/post/publish/creator_info/query/')).toHaveLength(3);

    // Interactions the creator turned off stay off, whatever the post asked.
    tiktok.world.creator.maxVideoPostDurationSec = 600;
    tiktok.world.creator.commentDisabled = true;
    const posted = await attempt({ privacy: 'SELF_ONLY', disableComments: false });
    expect(posted.status, JSON.stringify(posted.errorsVerbose)).toBe('POSTED');
    expect(initBodies('/v2/post/publish/video/init/')[0]!.post_info).toMatchObject({ disable_comment: true, privacy_level: 'SELF_ONLY' });
  });

  it('maps the 6-per-minute init limit and too many pending shares to rate limits, and an unaudited app’s SELF_ONLY rule to a readable error', async () => {
    const org = await connectedTeam();
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    tiktok.receiver.once('POST /v2/post/publish/video/init/', () =>
      fail(429, 'rate_limit_exceeded', 'API rate limit was exceeded, only 6 requests are allowed per minute.', { 'retry-after': '1' }),
    );
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Busy',
      type: 'TIKTOK',
      data: { type: 'VIDEO', uploadIds: [video.id], privacy: 'SELF_ONLY' },
    });
    const waiting = await waitForPost(t, org.key, id, (value) => value.status === 'RETRYING' || settled(value));
    expect(waiting.status).toBe('RETRYING');
    expect(waiting.errorsVerbose.TIKTOK).toMatchObject({ code: 'RATE_LIMITED', retryability: 'retryable', meta: { tiktokError: 'rate_limit_exceeded' } });
    expect(waiting.errorsVerbose.TIKTOK!.userFacingMessage).toContain('6 uploads a minute');
    const done = await waitForPost(t, org.key, id, settled);
    expect(done.status).toBe('POSTED');

    tiktok.world.pendingShareLimit = 0;
    const draft = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Pending',
      type: 'TIKTOK',
      data: { type: 'VIDEO', uploadIds: [video.id], uploadToDraft: true },
    });
    const held = await waitForPost(t, org.key, draft, (value) => value.status === 'RETRYING' || settled(value));
    expect(held.status).toBe('RETRYING');
    expect(held.errorsVerbose.TIKTOK).toMatchObject({ code: 'RATE_LIMITED', meta: { tiktokError: 'spam_risk_too_many_pending_share' } });
    expect(Date.parse(String(held.errorsVerbose.TIKTOK!.meta.resetAt))).toBeGreaterThan(Date.now() + 30 * 60_000);

    tiktok.world.audited = false;
    const open = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Public',
      type: 'TIKTOK',
      data: { type: 'VIDEO', uploadIds: [video.id], privacy: 'PUBLIC_TO_EVERYONE' },
    });
    const refused = await waitForPost(t, org.key, open, settled);
    expect(refused.status).toBe('ERROR');
    expect(refused.errorsVerbose.TIKTOK).toMatchObject({
      code: 'PERMISSION_MISSING',
      meta: { tiktokError: 'unaudited_client_can_only_post_to_private_accounts' },
    });
    expect(refused.errorsVerbose.TIKTOK!.userFacingMessage).toContain('SELF_ONLY');
  });

  it('resumes after an attempt died past init: the same publish id, no second post', async () => {
    const org = await connectedTeam();
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    // The chunk's answer is lost (TikTok fails after receiving it): the attempt ends after init.
    tiktok.world.failChunks = 1;
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Once',
      type: 'TIKTOK',
      data: { type: 'VIDEO', uploadIds: [video.id], privacy: 'SELF_ONLY' },
    });
    const post = await waitForPost(t, org.key, id, settled);
    expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
    expect(tiktok.calls('POST', '/v2/post/publish/video/init/')).toHaveLength(1);
    expect(tiktok.calls('PUT', '/upload/')).toHaveLength(2);
    expect(tiktok.world.publishes.size).toBe(1);
    expect(post.externalData.TIKTOK!.requestId).toBe([...tiktok.world.publishes.keys()][0]);
  });

  it("answers the composer's creator info and the music chart from TikTok, and explains a token without API for Business access", async () => {
    const org = await connectedTeam();
    tiktok.world.creator = {
      privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      commentDisabled: true,
      duetDisabled: false,
      stitchDisabled: true,
      maxVideoPostDurationSec: 180,
    };
    const info = await t.request('GET', `/misc/tiktok/creator-info?teamId=${org.teamId}`, { key: org.key });
    expect(info.status, JSON.stringify(info.json)).toBe(200);
    expect(info.json).toEqual({
      creatorUsername: 'bakery_daily',
      creatorNickname: 'The Bakery',
      creatorAvatarUrl: tiktok.world.user.avatarUrl,
      privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      commentDisabled: true,
      duetDisabled: false,
      stitchDisabled: true,
      maxVideoPostDurationSec: 180,
      // TIKTOK_APP_AUDITED is not set: the composer says every post stays private.
      appAudited: false,
    });

    const chart = await t.request('GET', `/misc/tiktok/cml/trending-list?teamId=${org.teamId}&genre=POP&dateRange=30DAY`, { key: org.key });
    expect(chart.status, JSON.stringify(chart.json)).toBe(200);
    expect(chart.json).toEqual([
      expect.objectContaining({
        commercial_music_name: 'Sunrise Loaves',
        rank_position: '1',
        trending_song_clip: expect.objectContaining({ song_clip_id: '7301234567890123999' }),
      }),
    ]);
    const asked = tiktok.calls('GET', '/open_api/v1.3/discovery/cml/trending_list/')[0]!;
    expect(Object.fromEntries(asked.query)).toMatchObject({ business_id: tiktok.world.user.openId, genre: 'POP', date_range: '30DAY' });
    expect(asked.headers.get('access-token')).toMatch(/^act\./);

    tiktok.world.businessApiAccess = false;
    const refused = await t.request('GET', `/misc/tiktok/cml/trending-list?teamId=${org.teamId}`, { key: org.key });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('API for Business');
  });
});
