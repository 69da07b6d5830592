import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { postJobs } from '../../../posts/posts.jobs';
import { uploadMedia } from '../../../posts/posts-test-kit';
import { createTestApp } from '../../../test/test-app';
import { testMedia } from '../../../test/test-media';
import { connectThroughConsent, createPostNow, settled, waitForPost } from '../test-kit/live-app';
import { json } from '../test-kit/local-receiver';
import { nextPacificMidnight } from './youtube-api';
import { startYoutubeStandIn } from './youtube-test-kit';

/**
 * YouTube live through the product (decision 091): a team connects through Google's consent (the
 * stand-in's), picks the channel, and the worker publishes through the resumable upload protocol
 * against the stand-in (`youtube-stand-in/`), which checks every request as the reference says.
 */
const CHUNK = 512 * 1024;
const youtube = await startYoutubeStandIn();
afterAll(() => youtube.close());
const t = await createTestApp({
  work: true,
  workOnly: postJobs,
  env: {
    LIVE_PLATFORMS: 'YOUTUBE',
    PUBLIC_URL: 'https://desk.example',
    // The thumbnail route fetches the client's image URL through the SSRF guard: the stand-in is on loopback.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    PUBLISH_RETRY_BASE_SECONDS: '0.2',
    YOUTUBE_UPLOAD_CHUNK_BYTES: String(CHUNK),
    YOUTUBE_PROCESSING_WAIT_SECONDS: '5',
    ...youtube.env,
  },
});
beforeEach(() => youtube.reset());

const MAIN = 'UCadaMainChannel000000001';

async function connectedTeam() {
  const org = await t.createOrg();
  const { consent } = await connectThroughConsent(t, org.key, org.teamId, 'YOUTUBE');
  expect(`${consent.origin}${consent.pathname}`).toBe(`${youtube.receiver.url}/o/oauth2/v2/auth`);
  expect(Object.fromEntries(consent.searchParams)).toMatchObject({ access_type: 'offline', prompt: 'consent', response_type: 'code' });
  expect(consent.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/youtube');
  const selected = await t.request('POST', '/social-account/set-channel', { key: org.key, body: { teamId: org.teamId, type: 'YOUTUBE', channelId: MAIN } });
  expect(selected.status, JSON.stringify(selected.json)).toBe(200);
  return org;
}

const uploadStarts = () => youtube.calls('POST /upload/youtube/v3/videos');
const chunks = () => youtube.calls('PUT /upload/youtube/v3/videos').filter((request) => !/^bytes \*\//.test(request.headers.get('content-range') ?? ''));
const statusQueries = () => youtube.calls('PUT /upload/youtube/v3/videos').filter((request) => /^bytes \*\//.test(request.headers.get('content-range') ?? ''));

describe('YouTube live, end to end on the stand-in', { timeout: 90_000 }, () => {
  it('connects with offline access and lists the channel the consent picked', async () => {
    const org = await connectedTeam();
    const account = (await t.request('GET', `/social-account/by-type?teamId=${org.teamId}&type=YOUTUBE`, { key: org.key })).json;
    expect(account).toMatchObject({ mode: 'live', externalId: MAIN, displayName: 'Ada Bakes', username: 'adabakes' });
    expect(account.channels).toEqual([expect.objectContaining({ id: MAIN, name: 'Ada Bakes', address: 'https://www.youtube.com/@adabakes' })]);
    // The code was traded once, with our client's secret; a refresh token is kept (offline access).
    expect(youtube.calls('POST /token')).toHaveLength(1);
    expect(youtube.world.refreshTokens.size).toBe(1);
  });

  it('publishes a video in chunks through the worker, sets its thumbnail and waits for processing', async () => {
    const org = await connectedTeam();
    const video = await uploadMedia(t, org.key, 'landscape-720p-4s.mp4');
    const cover = await uploadMedia(t, org.key, 'square-1080.jpg');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Live YouTube',
      type: 'YOUTUBE',
      data: {
        type: 'VIDEO',
        text: 'Sourdough, start to finish',
        description: 'Four seconds of bread',
        uploadIds: [video.id],
        thumbnail: cover.id,
        privacy: 'UNLISTED',
        madeForKids: false,
        defaultLanguage: 'en',
      },
    });
    const post = await waitForPost(t, org.key, id, settled);
    expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
    const [made] = [...youtube.world.videos.values()];
    expect(youtube.world.videos.size).toBe(1);
    const data = post.externalData.YOUTUBE!;
    expect(data).toMatchObject({ id: made!.id, permalink: `https://www.youtube.com/watch?v=${made!.id}`, channelId: MAIN });
    expect(data.sessionUri).toContain('/upload/youtube/v3/videos?uploadType=resumable&upload_id=');

    // One session, with the metadata as YouTube's resource; the bytes in 512 KiB chunks, whole.
    expect(uploadStarts()).toHaveLength(1);
    expect(JSON.parse(uploadStarts()[0]!.text)).toMatchObject({
      snippet: { title: 'Sourdough, start to finish', description: 'Four seconds of bread', defaultLanguage: 'en', categoryId: '22' },
      status: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: false },
    });
    const bytes = await testMedia('landscape-720p-4s.mp4');
    expect(bytes.length).toBeGreaterThan(2 * CHUNK);
    expect(chunks()).toHaveLength(Math.ceil(bytes.length / CHUNK));
    expect(made!.bytes.equals(bytes)).toBe(true);
    expect(made!.thumbnail).toMatchObject({ mime: 'image/jpeg' });
    // Processing took two reads of its status before `succeeded`.
    const statusReads = youtube.calls('GET /youtube/v3/videos').filter((request) => request.query.get('part')?.includes('processingDetails'));
    expect(statusReads.length).toBeGreaterThanOrEqual(3);
  });

  it('files a vertical clip under three minutes as a Short', async () => {
    const org = await connectedTeam();
    const clip = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Short',
      type: 'YOUTUBE',
      data: { type: 'SHORT', text: 'Crumb shot', uploadIds: [clip.id] },
    });
    const post = await waitForPost(t, org.key, id, settled);
    expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
    expect(post.externalData.YOUTUBE!.permalink).toBe(`https://www.youtube.com/shorts/${post.externalData.YOUTUBE!.id}`);
    // A small file: one request carries it all.
    expect(chunks()).toHaveLength(1);
  });

  it('resumes the same session after an upload broken mid-chunk: one video, no byte sent twice', async () => {
    const org = await connectedTeam();
    const video = await uploadMedia(t, org.key, 'landscape-720p-4s.mp4');
    // The second chunk breaks after 900,000 bytes of the file: YouTube keeps whole 256 KiB units.
    youtube.world.interruptAfterBytes = 900_000;
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Broken',
      type: 'YOUTUBE',
      data: { type: 'VIDEO', text: 'Survives a cut', uploadIds: [video.id] },
    });
    const post = await waitForPost(t, org.key, id, settled);
    expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
    expect(uploadStarts()).toHaveLength(1);
    expect(youtube.world.videos.size).toBe(1);
    const bytes = await testMedia('landscape-720p-4s.mp4');
    expect([...youtube.world.videos.values()][0]!.bytes.equals(bytes)).toBe(true);
    // The retry asked the session where it stood and went on from 786,432 (3 × 256 KiB).
    expect(statusQueries()).toHaveLength(1);
    const afterQuery = chunks().at(2)!;
    expect(afterQuery.headers.get('content-range')).toMatch(/^bytes 786432-/);
  });

  it('a worker that dies after the last byte, before saving the video, finds the video through the recorded session', async () => {
    const org = await connectedTeam();
    const clip = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    for (const statement of [
      'CREATE SEQUENCE IF NOT EXISTS youtube_crash_once',
      `CREATE OR REPLACE FUNCTION youtube_crash_after_upload() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.progress ? 'videoId' THEN
           IF nextval('youtube_crash_once') = 1 THEN
             RAISE EXCEPTION 'worker killed after the last chunk';
           END IF;
         END IF;
         RETURN NEW;
       END $$`,
      'DROP TRIGGER IF EXISTS youtube_crash_after_upload ON post_targets',
      'CREATE TRIGGER youtube_crash_after_upload BEFORE UPDATE ON post_targets FOR EACH ROW EXECUTE FUNCTION youtube_crash_after_upload()',
    ])
      await t.services.db.execute(sql.raw(statement));
    try {
      const id = await createPostNow(t, org.key, {
        teamId: org.teamId,
        title: 'Crash',
        type: 'YOUTUBE',
        data: { type: 'VIDEO', text: 'Once only', uploadIds: [clip.id] },
      });
      const post = await waitForPost(t, org.key, id, settled);
      expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
      expect(youtube.world.videos.size).toBe(1);
      expect(uploadStarts()).toHaveLength(1);
      expect(chunks()).toHaveLength(1);
      // The next run asked the recorded session, which answered with the finished video.
      expect(statusQueries()).toHaveLength(1);
      expect(post.externalData.YOUTUBE!.id).toBe([...youtube.world.videos.keys()][0]);
    } finally {
      await t.services.db.execute(sql.raw('DROP TRIGGER IF EXISTS youtube_crash_after_upload ON post_targets'));
    }
  });

  it('maps quotaExceeded to a rate limit that resets at midnight Pacific', async () => {
    const org = await connectedTeam();
    const clip = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    // Enough units left for reads, not for an upload (1,600 units).
    youtube.world.quotaLimit = youtube.world.quotaUsed + 100;
    const id = await createPostNow(t, org.key, { teamId: org.teamId, title: 'Quota', type: 'YOUTUBE', data: { text: 'Tomorrow', uploadIds: [clip.id] } });
    const waiting = await waitForPost(t, org.key, id, (value) => value.status === 'RETRYING' || settled(value));
    expect(waiting.status).toBe('RETRYING');
    expect(waiting.errorsVerbose.YOUTUBE).toMatchObject({
      code: 'RATE_LIMITED',
      retryability: 'retryable',
      userFacingMessage: expect.stringContaining('midnight Pacific'),
      meta: { youtubeReason: 'quotaExceeded', resetAt: nextPacificMidnight(new Date()).toISOString() },
    });
    expect(youtube.world.videos.size).toBe(0);
  });

  it('maps uploadLimitExceeded the same way', async () => {
    const org = await connectedTeam();
    const clip = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    youtube.world.uploadsPerDay = 0;
    const id = await createPostNow(t, org.key, { teamId: org.teamId, title: 'Limit', type: 'YOUTUBE', data: { text: 'Too many today', uploadIds: [clip.id] } });
    const waiting = await waitForPost(t, org.key, id, (value) => value.status === 'RETRYING' || settled(value));
    expect(waiting.errorsVerbose.YOUTUBE).toMatchObject({ code: 'RATE_LIMITED', meta: { youtubeReason: 'uploadLimitExceeded' } });
    expect(waiting.errorsVerbose.YOUTUBE!.userFacingMessage).toContain('daily upload limit');
  });

  it('manages playlists and sets a thumbnail through the Data API', async () => {
    const org = await connectedTeam();
    const clip = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const id = await createPostNow(t, org.key, {
      teamId: org.teamId,
      title: 'Listed',
      type: 'YOUTUBE',
      data: { type: 'VIDEO', text: 'Crust', uploadIds: [clip.id] },
    });
    const post = await waitForPost(t, org.key, id, settled);
    expect(post.status, JSON.stringify(post.errorsVerbose)).toBe('POSTED');
    const videoId = post.externalData.YOUTUBE!.id!;
    const { key, teamId } = org;

    const created = await t.request('POST', '/misc/youtube/playlist', {
      key,
      body: { teamId, title: 'Bread', description: 'All the bread', privacyStatus: 'private' },
    });
    expect(created.status, created.text).toBe(200);
    const playlistId = created.json.id as string;
    expect(youtube.world.playlists.get(playlistId)).toMatchObject({ channelId: MAIN, title: 'Bread', privacyStatus: 'private' });
    expect(JSON.parse(youtube.calls('POST /youtube/v3/playlists')[0]!.text)).toEqual({
      snippet: { title: 'Bread', description: 'All the bread' },
      status: { privacyStatus: 'private' },
    });

    const updated = await t.request('PUT', '/misc/youtube/playlist', { key, body: { teamId, playlistId, title: 'Loaves', description: 'Only loaves' } });
    expect(updated.json).toMatchObject({ id: playlistId, snippet: { title: 'Loaves' }, status: { privacyStatus: 'private' } });
    const listed = await t.request('GET', `/misc/youtube/playlist?teamId=${teamId}`, { key });
    expect(listed.json).toMatchObject({ pageInfo: { totalResults: 1 }, items: [{ id: playlistId, contentDetails: { itemCount: 0 } }] });

    const added = await t.request('POST', '/misc/youtube/playlist-items', { key, body: { teamId, playlistId, postId: id } });
    expect(added.status, added.text).toBe(200);
    expect(added.json).toMatchObject({ snippet: { playlistId, position: 0, resourceId: { videoId } }, contentDetails: { videoId } });
    const videos = await t.request('GET', `/misc/youtube/playlist-items?teamId=${teamId}&playlistId=${playlistId}`, { key });
    expect(videos.json.items).toMatchObject([{ id: added.json.id, snippet: { title: 'Crust' } }]);
    expect((await t.request('DELETE', `/misc/youtube/playlist-items/${added.json.id}?teamId=${teamId}`, { key })).json).toBe(true);
    expect(youtube.world.playlistItems.size).toBe(0);
    // YouTube's 404 is ours.
    expect((await t.request('DELETE', `/misc/youtube/playlist-items/${added.json.id}?teamId=${teamId}`, { key })).status).toBe(404);
    expect((await t.request('DELETE', `/misc/youtube/playlist/${playlistId}?teamId=${teamId}`, { key })).json).toBe(true);
    expect(youtube.world.playlists.size).toBe(0);

    const cover = await testMedia('square-1080.jpg');
    youtube.receiver.on('GET /images/cover.jpg', () => new Response(new Uint8Array(cover), { headers: { 'content-type': 'image/jpeg' } }));
    const thumb = await t.request('POST', '/misc/youtube/thumbnail', { key, body: { teamId, postId: id, url: `${youtube.receiver.url}/images/cover.jpg` } });
    expect(thumb.status, thumb.text).toBe(200);
    expect(thumb.json.items[0]).toMatchObject({ default: { url: `https://i.ytimg.com/vi/${videoId}/default.jpg` } });
    expect(youtube.world.videos.get(videoId)!.thumbnail).toEqual({ mime: 'image/jpeg', size: cover.length });
    youtube.receiver.on('GET /images/page.html', () => json({ not: 'an image' }));
    const refused = await t.request('POST', '/misc/youtube/thumbnail', { key, body: { teamId, postId: id, url: `${youtube.receiver.url}/images/page.html` } });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/JPEG or PNG/);
  });
});
