import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectorEnv, Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { PublishMedia } from '../../publishing';
import { LocalDiskStorage } from '../../../storage/local-disk-storage';
import { LiveHttpClient } from '../live-http';
import { tiktokConnector } from './tiktok-connector';
import { TIKTOK_SCOPES } from './tiktok-login';
import { startTikTokStandIn, TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET } from './tiktok-test-kit';
import { MB } from './tiktok-upload';

/**
 * The connector on its own against the stand-in, for what the app's tests cannot reach with small
 * test videos: a file over 5 MB in several chunks (the final one carrying the trailing bytes), the
 * chunk rules refused with TikTok's words, the publish id saved before the first byte, refresh
 * token rotation, and a video's numbers from `video/query`.
 */
const tiktok = await startTikTokStandIn();
const dir = await mkdtemp(path.join(os.tmpdir(), 'tiktok-chunks-'));
afterAll(async () => {
  await tiktok.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => tiktok.reset());

const storage = new LocalDiskStorage(dir);
await storage.init();
const env = { db: null, publicUrl: 'https://desk.example', storage } as unknown as ConnectorEnv;
const http = new LiveHttpClient({ timeoutMs: 30_000, retries: 2, concurrencyPerAccount: 4 });
const connectorWith = (chunkBytes: number) =>
  tiktokConnector({
    http,
    clientKey: TIKTOK_CLIENT_KEY,
    clientSecret: TIKTOK_CLIENT_SECRET,
    apiBase: tiktok.url,
    chunkBytes,
    statusWaitSeconds: 5,
    statusPollMs: 20,
  });

async function videoOf(size: number): Promise<PublishMedia> {
  const key = `video-${size}.mp4`;
  await storage.put(key, Readable.from([randomBytes(size)]));
  return { id: key, url: `/media/${key}`, key, size, type: 'video', mime: 'video/mp4', width: 1080, height: 1920, videoLength: 30 };
}

function credentials(): Credentials {
  const tokens = tiktok.world.issueTokens(tiktok.world.user.openId, TIKTOK_SCOPES);
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

const target = { externalId: null, selectedChannelId: null };

describe('TikTok connector: chunked upload, rules, tokens', { timeout: 60_000 }, () => {
  it('sends a 12 MB video as two chunks in order, the last one carrying the trailing bytes, after saving the publish id', async () => {
    const video = await videoOf(12 * MB);
    const saves: { progress: Record<string, string>; putsSoFar: number }[] = [];
    const result = await connectorWith(5 * MB).publishing!.publish(env, credentials(), target, {
      intentKey: 'post-1:1',
      options: { type: 'VIDEO', privacy: 'SELF_ONLY', text: 'Big one' },
      media: [video],
      channelId: null,
      checkpoint: async (progress) => {
        saves.push({ progress, putsSoFar: tiktok.calls('PUT', '/upload/').length });
      },
    });
    expect(result.externalData.status).toBe('PUBLISH_COMPLETE');
    const init = JSON.parse(tiktok.calls('POST', '/v2/post/publish/video/init/')[0]!.text);
    expect(init.source_info).toEqual({ source: 'FILE_UPLOAD', video_size: 12 * MB, chunk_size: 5 * MB, total_chunk_count: 2 });
    const puts = tiktok.calls('PUT', '/upload/');
    expect(puts.map((put) => put.headers.get('content-range'))).toEqual([`bytes 0-${5 * MB - 1}/${12 * MB}`, `bytes ${5 * MB}-${12 * MB - 1}/${12 * MB}`]);
    expect(puts.map((put) => put.bytes.length)).toEqual([5 * MB, 7 * MB]);
    // The publish id was saved before any byte went out, then each chunk as TikTok took it.
    expect(saves[0]).toMatchObject({ progress: { publishId: result.externalData.requestId, nextChunk: '0' }, putsSoFar: 0 });
    expect(saves.slice(1).map((save) => save.progress.nextChunk)).toEqual(['1', '2']);
  });

  it('resumes an interrupted upload at the next chunk from the saved progress, without a new init', async () => {
    const video = await videoOf(11 * MB);
    const connector = connectorWith(5 * MB);
    const creds = credentials();
    let progress: Record<string, string> = {};
    const request = {
      intentKey: 'post-2:1',
      options: { type: 'VIDEO', privacy: 'SELF_ONLY' },
      media: [video],
      channelId: null,
      checkpoint: async (saved: Record<string, string>) => {
        progress = { ...progress, ...saved };
      },
    };
    // The second chunk's answer is lost (a 502 from the upload host): the attempt fails after the first chunk was kept.
    let lose = 1;
    tiktok.receiver.on('PUT /upload/', (received) =>
      received.headers.get('content-range')!.startsWith(`bytes ${5 * MB}-`) && lose-- > 0 ? new Response('bad gateway', { status: 502 }) : null,
    );
    await expect(connector.publishing!.publish(env, creds, target, request)).rejects.toMatchObject({ code: 'TRANSIENT' });
    expect(progress).toMatchObject({ nextChunk: '1', totalChunkCount: '2' });
    const calls = tiktok.calls('PUT', '/upload/').length;
    const result = await connector.publishing!.publish(env, creds, target, { ...request, progress });
    expect(result.externalData.requestId).toBe(progress.publishId);
    expect(tiktok.calls('POST', '/v2/post/publish/video/init/')).toHaveLength(1);
    const puts = tiktok.calls('PUT', '/upload/').slice(calls);
    expect(puts.map((put) => put.headers.get('content-range'))).toEqual([`bytes ${5 * MB}-${11 * MB - 1}/${11 * MB}`]);
  });

  it("refuses chunks that break TikTok's rules with TikTok's own reason, before any byte is sent", async () => {
    const video = await videoOf(6 * MB);
    const error = await connectorWith(1 * MB)
      .publishing!.publish(env, credentials(), target, {
        intentKey: 'post-3:1',
        options: { type: 'VIDEO', privacy: 'SELF_ONLY' },
        media: [video],
        channelId: null,
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', meta: { tiktokError: 'invalid_params' } });
    expect((error as PlatformError).message).toContain('chunk_size must be at least 5 MB');
    expect(tiktok.calls('PUT', '/upload/')).toHaveLength(0);
  });

  it('refreshes with rotation: the new refresh token works, the spent one is refused as revoked access', async () => {
    const connector = connectorWith(10 * MB);
    const creds = credentials();
    const fresh = await connector.auth.refresh(env, creds);
    expect(fresh.refreshToken).not.toBe(creds.refreshToken);
    expect(fresh.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    const form = new URLSearchParams(tiktok.calls('POST', '/v2/oauth/token/')[0]!.text);
    expect(Object.fromEntries(form)).toMatchObject({ grant_type: 'refresh_token', refresh_token: creds.refreshToken, client_key: TIKTOK_CLIENT_KEY });
    await expect(connector.auth.refresh(env, creds)).rejects.toMatchObject({ code: 'ACCESS_REVOKED', meta: { tiktokError: 'invalid_grant' } });
    await expect(connector.auth.refresh(env, { accessToken: fresh.accessToken, refreshToken: fresh.refreshToken })).resolves.toMatchObject({
      accessToken: expect.stringMatching(/^act\./),
    });
    // An expired access token is TOKEN_EXPIRED, which the worker answers with one refresh.
    tiktok.world.expireAccessTokens();
    await expect(connector.profile.fetch(env, { accessToken: fresh.accessToken, refreshToken: null })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it("reads a published video's numbers from video/query, and the account's from user/info", async () => {
    const connector = connectorWith(10 * MB);
    const creds = credentials();
    const video = await videoOf(2 * MB);
    const published = await connector.publishing!.publish(env, creds, target, {
      intentKey: 'post-4:1',
      options: { type: 'VIDEO', privacy: 'PUBLIC_TO_EVERYONE' },
      media: [video],
      channelId: null,
    });
    const stored = tiktok.world.videos.get(published.externalData.id!)!;
    Object.assign(stored, { views: 1500, likes: 120, comments: 7, shares: 3 });
    const numbers = await connector.analytics!.post(env, creds, target, { externalId: published.externalData.id! });
    expect(numbers.metrics).toMatchObject({ views: 1500, likes: 120, comments: 7, shares: 3 });
    const account = await connector.analytics!.account(env, creds, target);
    expect(account.metrics).toMatchObject({ followers: 1200, following: 80, likes: 54000, postCount: 1 });
  });
});
