import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PlatformError } from '../../platform-error';
import { LiveHttpClient } from '../live-http';
import { medium, memoryEnv } from '../test-kit/memory-env';
import { startReplayServer } from '../test-kit/replay-server';
import { mastodonConnector } from './mastodon-connector';
import { mastodonAccessToken } from './mastodon-credentials';

/*
 * No Mastodon server runs here: the connector talks to recorded exchanges of the documented API
 * (recordings/, one small file per endpoint and answer), played back in order by a local server
 * that checks each request against the one recorded (method, path, token, Idempotency-Key, body).
 */
let replay: Awaited<ReturnType<typeof startReplayServer>>;
let connector: ReturnType<typeof mastodonConnector>;
let credentials: { accessToken: string; refreshToken: null };
const target = { externalId: '109000000000000042', selectedChannelId: null };
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as PlatformError,
  );

beforeAll(async () => {
  replay = await startReplayServer(fileURLToPath(new URL('./recordings', import.meta.url)));
  // The replay server is on loopback: the development setting (WEBHOOK_ALLOW_PRIVATE) lets the SSRF guard reach it.
  const http = new LiveHttpClient({ timeoutMs: 2_000, retries: 1, concurrencyPerAccount: 2, allowPrivateHosts: true });
  connector = mastodonConnector({ http, mediaWait: { attempts: 3, intervalMs: 5 } });
  credentials = { accessToken: mastodonAccessToken(replay.url, 'recorded-user-token'), refreshToken: null };
});
afterAll(() => replay.close());
afterEach(() => {
  // Every queued exchange was asked for, and every request matched its recording.
  expect(replay.mismatches).toEqual([]);
  expect(replay.unplayed()).toEqual([]);
  replay.reset();
});

const png = Buffer.from('89504e470d0a1a0a', 'hex');
const mp4 = Buffer.alloc(128, 7);
const env = () => memoryEnv({ 'org/a.png': png, 'org/b.mp4': mp4 });
const media = () => [medium('org/a.png', png, 'image/png'), medium('org/b.mp4', mp4, 'video/mp4', 'video')];

describe('Mastodon live connector (recorded exchanges)', () => {
  it('reads the account on its server', async () => {
    replay.play('get-api-v1-accounts-verify_credentials.200');
    const { profile } = await connector.profile.fetch(env(), credentials);
    expect(profile).toMatchObject({
      externalId: '109000000000000042',
      username: 'ada',
      displayName: 'Ada',
      bio: 'Engines & notes',
      attributes: { server: replay.url },
    });
  });

  it('publishes a status with an image and a video, waiting while the server processes the video (202, 206, 200)', async () => {
    replay.play(
      'post-api-v2-media.200-image',
      'post-api-v2-media.202-processing',
      'get-api-v1-media-id.206-processing',
      'get-api-v1-media-id.200',
      'post-api-v1-statuses.200-with-media',
    );
    const result = await connector.publishing!.publish(env(), credentials, target, {
      intentKey: 'tgt_1:1',
      options: { text: 'Launch notes', privacy: 'UNLISTED', spoiler: 'Long read', altText: 'A chart' },
      media: media(),
      channelId: null,
    });
    expect(result.externalData).toEqual({
      id: '113500000000000100',
      permalink: 'https://social.example/@ada/113500000000000100',
      thumbnail: 'https://files.social.example/media_attachments/files/113/500/000/000/000/001/small/a.png',
    });
    const upload = await replay.requests[0]!.request.formData();
    expect((upload.get('file') as File).name).toBe('a.png');
    expect(upload.get('description')).toBe('A chart');
  });

  it('gives up transiently on media the server is still processing after the wait', async () => {
    replay.play(
      'post-api-v2-media.202-processing',
      'get-api-v1-media-id.206-processing',
      'get-api-v1-media-id.206-processing',
      'get-api-v1-media-id.206-processing',
    );
    const error = await failure(
      connector.publishing!.publish(env(), credentials, target, { intentKey: 'tgt_5:1', options: { text: 'x' }, media: [media()[1]!], channelId: null }),
    );
    expect([error?.code, error?.retryability]).toEqual(['TRANSIENT', 'RETRY']);
    expect(replay.requests.some((received) => received.path === '/api/v1/statuses')).toBe(false);
  });

  it('publishes a poll', async () => {
    replay.play('post-api-v1-statuses.200-poll');
    const result = await connector.publishing!.publish(env(), credentials, target, {
      intentKey: 'tgt_2:1',
      options: { text: 'Which day?', poll: { options: ['Monday', 'Friday'], expiresIn: 86_400 } },
      media: [],
      channelId: null,
    });
    expect(result.externalData.id).toBe('113500000000000101');
  });

  it('replies as the first comment with the intent as Idempotency-Key; findByIntent has nothing to ask', async () => {
    replay.play('post-api-v1-statuses.200-reply');
    const reply = await connector.publishing!.comment(env(), credentials, target, {
      externalData: { id: '113500000000000100' },
      text: 'Details in the thread',
      intentKey: 'tgt_1:first-comment',
    });
    expect(reply).toEqual({ id: '113500000000000102', permalink: 'https://social.example/@ada/113500000000000102' });
    await expect(connector.publishing!.findByIntent(env(), credentials, target, 'tgt_1:1')).resolves.toBeNull();
  });

  it('maps 429 with X-RateLimit-Reset to RATE_LIMITED with that reset', async () => {
    replay.play('post-api-v1-statuses.429');
    const error = await failure(
      connector.publishing!.publish(env(), credentials, target, { intentKey: 'tgt_3:1', options: { text: 'x' }, media: [], channelId: null }),
    );
    expect(error?.code).toBe('RATE_LIMITED');
    expect(error?.meta.resetAt).toBe('2026-11-23T12:00:00.000Z');
    expect(error?.retryability).toBe('RETRY_AFTER_RESET');
  });

  it('maps 401 to ACCESS_REVOKED (reconnect) and 422 to INVALID_REQUEST with the server words', async () => {
    replay.play('get-api-v1-accounts-verify_credentials.401', 'post-api-v1-statuses.422');
    const revoked = await failure(connector.profile.fetch(env(), credentials));
    expect([revoked?.code, revoked?.retryability]).toEqual(['ACCESS_REVOKED', 'RECONNECT']);
    const invalid = await failure(
      connector.publishing!.publish(env(), credentials, target, { intentKey: 'tgt_4:1', options: { text: 'x'.repeat(600) }, media: [], channelId: null }),
    );
    expect(invalid?.code).toBe('INVALID_REQUEST');
    expect(invalid?.message).toContain('Text character limit of 500 exceeded');
  });

  it('edits a status keeping its media and content warning, and deletes it', async () => {
    replay.play(
      'get-api-v1-statuses-id.200',
      'get-api-v1-statuses-id-source.200',
      'put-api-v1-statuses-id.200',
      'delete-api-v1-statuses-id.200',
      'delete-api-v1-statuses-id.404',
    );
    const edited = await connector.actions!.editPost!(env(), credentials, target, { externalId: '113500000000000100', edit: { text: 'Launch notes, fixed' } });
    expect(edited.permalink).toBe('https://social.example/@ada/113500000000000100');
    await connector.actions!.deletePost!(env(), credentials, target, { externalId: '113500000000000100' });
    const gone = await failure(connector.actions!.deleteComment!(env(), credentials, target, { externalId: '113500000000000100' }));
    expect(gone?.code).toBe('NOT_FOUND');
  });

  it("imports the account's statuses page by page, as plain text with their media", async () => {
    replay.play('get-api-v1-accounts-id-statuses.200', 'get-api-v1-accounts-id-statuses.200-last-page');
    const first = await connector.history!.list(env(), credentials, target, { cursor: null, limit: 2, surface: 'ALL', mediaType: null });
    expect(first.items.map((item) => [item.externalId, item.contentType, item.text])).toEqual([
      ['113500000000000100', 'CAROUSEL', 'Launch notes\n\nPart two & more'],
      ['113400000000000090', 'TEXT', 'Hello\nworld'],
    ]);
    expect(first.items[0]!.media[1]).toMatchObject({ type: 'VIDEO', width: 1080, height: 1920, durationSeconds: 12.5 });
    expect(first.nextCursor).toBe('113400000000000090');
    const last = await connector.history!.list(env(), credentials, target, { cursor: first.nextCursor, limit: 2, surface: 'ALL', mediaType: 'VIDEO' });
    expect(last.items.map((item) => item.contentType)).toEqual(['VIDEO']);
    expect(last.nextCursor).toBeNull();
    // Mastodon has no stories: nothing is asked, nothing is answered.
    await expect(connector.history!.list(env(), credentials, target, { cursor: null, limit: 2, surface: 'STORY', mediaType: null })).resolves.toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('reads favourites, boosts and replies of a status, and the account counts', async () => {
    replay.play('get-api-v1-statuses-id.200', 'get-api-v1-accounts-verify_credentials.200');
    const post = await connector.analytics!.post(env(), credentials, target, { externalId: '113500000000000100' });
    expect(post.metrics).toMatchObject({ likes: 21, shares: 7, comments: 3, impressions: 0 });
    const account = await connector.analytics!.account(env(), credentials, target);
    expect(account.metrics).toMatchObject({ followers: 321, following: 45, postCount: 678 });
  });

  it('refuses a favourite on a token from before write:favourites, saying to reconnect', async () => {
    replay.play('post-api-v1-statuses-id-favourite.403-scope');
    const error = await failure(
      connector.comments!.act(env(), credentials, target, { externalId: '113500000000000105', externalPostId: '113500000000000100' }, 'LIKE'),
    );
    expect(error?.code).toBe('PERMISSION_MISSING');
    expect(error?.message).toContain('outside the authorized scopes; reconnect the account to grant it');
  });

  it('refuses an account whose server is on a private address without the development setting, and sends it nothing', async () => {
    const guarded = mastodonConnector({ http: new LiveHttpClient({ timeoutMs: 2_000, retries: 1, concurrencyPerAccount: 2 }) });
    const stored = { accessToken: mastodonAccessToken(replay.url.replace('http:', 'https:'), 'recorded-user-token'), refreshToken: null };
    const error = await failure(
      guarded.publishing!.publish(env(), stored, target, { intentKey: 'tgt_9:1', options: { text: 'Hello' }, media: [], channelId: null }),
    );
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', retryability: 'NEVER', meta: { blockedHost: expect.stringContaining('loopback') } });
    expect(replay.requests).toEqual([]);
  });
});
