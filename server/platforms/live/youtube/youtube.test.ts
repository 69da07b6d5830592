import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { LiveHttpClient } from '../live-http';
import { memoryEnv } from '../test-kit/memory-env';
import { nextPacificMidnight } from './youtube-api';
import { youtubeConnector } from './youtube-connector';
import { startYoutubeStandIn } from './youtube-test-kit';

/**
 * The connector's OAuth against the stand-in's consent page and token endpoint: offline access,
 * refreshes that keep the refresh token, the "Testing" mode warning, and a revoked grant.
 */
const youtube = await startYoutubeStandIn();
afterAll(() => youtube.close());
beforeEach(() => youtube.reset());

function connector(warnings: string[] = []) {
  return youtubeConnector({
    http: new LiveHttpClient({ timeoutMs: 5_000, retries: 0, concurrencyPerAccount: 2 }),
    clientId: youtube.env.YOUTUBE_CLIENT_ID,
    clientSecret: youtube.env.YOUTUBE_CLIENT_SECRET,
    apiBase: youtube.env.YOUTUBE_API_URL,
    uploadBase: youtube.env.YOUTUBE_UPLOAD_URL,
    authorizeUrl: youtube.env.YOUTUBE_AUTHORIZE_URL,
    tokenUrl: youtube.env.YOUTUBE_TOKEN_URL,
    chunkBytes: 256 * 1024,
    processingWaitSeconds: 0,
    warn: (warning) => warnings.push(warning.message),
  });
}

async function connect(yt: ReturnType<typeof connector>) {
  if (yt.connect?.method !== 'oauth') throw new Error('oauth expected');
  const redirectUri = 'https://desk.example/connect/callback';
  const url = await yt.connect.authorizationUrl(memoryEnv(), { state: 's1', redirectUri, permissions: ['publish'] });
  const approved = await fetch(url, { redirect: 'manual' });
  const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
  return yt.connect.exchange(memoryEnv(), { code, redirectUri });
}

describe('YouTube OAuth', () => {
  it('keeps the refresh token across refreshes, with Google’s one-hour access tokens', async () => {
    const yt = connector();
    const tokens = await connect(yt);
    expect(tokens.refreshToken).toMatch(/^1\/\//);
    expect(tokens.expiresAt.getTime() - Date.now()).toBeGreaterThan(3_500_000);
    const refreshed = await yt.auth.refresh(memoryEnv(), tokens);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(yt.auth.refreshAheadSeconds).toBeGreaterThanOrEqual(300);
    const { profile } = await yt.profile.fetch(memoryEnv(), refreshed);
    expect(profile).toMatchObject({ externalId: 'UCadaMainChannel000000001', username: 'adabakes' });
  });

  it('warns when the app is in Testing mode (refresh tokens that die in 7 days)', async () => {
    youtube.world.testingMode = true;
    const warnings: string[] = [];
    await connect(connector(warnings));
    expect(warnings).toEqual([expect.stringContaining('"Testing" status')]);
  });

  it('a revoked grant is ACCESS_REVOKED; an expired access token is TOKEN_EXPIRED', async () => {
    const yt = connector();
    const tokens = await connect(yt);
    youtube.world.revoke('ada');
    await expect(yt.profile.fetch(memoryEnv(), tokens)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED', httpStatus: 401 });
    await expect(yt.auth.refresh(memoryEnv(), tokens)).rejects.toMatchObject({ code: 'ACCESS_REVOKED', retryability: 'RECONNECT' });
  });

  it('a channel the token cannot act as is NOT_FOUND when publishing', async () => {
    const yt = connector();
    const tokens = await connect(yt);
    await expect(
      yt.publishing!.publish(
        memoryEnv(),
        tokens,
        { externalId: null, selectedChannelId: 'UCbobChannel0000000000003' },
        { intentKey: 'k', options: { text: 'x' }, media: [], channelId: null },
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('quota resets at midnight Pacific', () => {
  it('in winter (UTC-8) and in summer (UTC-7)', () => {
    expect(nextPacificMidnight(new Date('2026-01-15T20:00:00Z')).toISOString()).toBe('2026-01-16T08:00:00.000Z');
    expect(nextPacificMidnight(new Date('2026-07-15T06:59:59Z')).toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(nextPacificMidnight(new Date('2026-07-15T07:00:00Z')).toISOString()).toBe('2026-07-16T07:00:00.000Z');
  });
});
