import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../../platform-error';
import { LiveHttpClient } from '../live-http';
import { json, startLocalReceiver, type LocalReceiver } from '../test-kit/local-receiver';
import { medium, memoryEnv } from '../test-kit/memory-env';
import { discordConnector } from './discord-connector';
import {
  DISCORD_APP,
  DISCORD_BOT_TOKEN,
  DISCORD_CHANNEL,
  DISCORD_CLIENT_SECRET,
  DISCORD_REFRESH_TOKEN,
  DISCORD_USER_TOKEN,
  discordRoutes,
  FOREIGN_CHANNEL,
  MANAGED_GUILD,
  OTHER_GUILD,
  type DiscordUpload,
} from './discord-test-kit';

/*
 * The connector against Discord's documented API on a local receiver (`discord-test-kit.ts`), which
 * checks each request's authorization and encoding as Discord does.
 */
let discord: LocalReceiver;
let uploads: DiscordUpload[] = [];
let connector: ReturnType<typeof discordConnector>;
const credentials = { accessToken: DISCORD_USER_TOKEN, refreshToken: DISCORD_REFRESH_TOKEN };
const target = { externalId: '555', selectedChannelId: null };

beforeAll(async () => {
  discord = await startLocalReceiver();
  connector = discordConnector({
    http: new LiveHttpClient({ timeoutMs: 2_000, retries: 1, concurrencyPerAccount: 2 }),
    applicationId: DISCORD_APP,
    clientSecret: DISCORD_CLIENT_SECRET,
    botToken: DISCORD_BOT_TOKEN,
    apiBase: discord.url,
  });
});
afterAll(() => discord.close());
beforeEach(() => {
  discord.reset();
  uploads = discordRoutes(discord).uploads;
});

const publishing = () => connector.publishing!;
const request = (options: Record<string, unknown>, extra: Partial<Parameters<ReturnType<typeof publishing>['publish']>[3]> = {}) => ({
  intentKey: 'target_1:1',
  options,
  media: [],
  channelId: DISCORD_CHANNEL,
  ...extra,
});

describe('Discord live connector', () => {
  it('reads the person and the text channels of the servers they manage with the bot on them', async () => {
    const { profile, permissions } = await connector.profile.fetch(memoryEnv(), credentials);
    expect(profile).toMatchObject({ externalId: '555', username: 'ada', displayName: 'Ada L.', avatarUrl: 'https://cdn.discordapp.com/avatars/555/abc.png' });
    expect(permissions).toContain('publish');
    const channels = await connector.profile.listChannels(memoryEnv(), credentials);
    // Only the managed server's text channel: not its voice channel, not the other server.
    expect(channels.map((channel) => [channel.id, channel.name, channel.address])).toEqual([[DISCORD_CHANNEL, '#announcements', 'Makers']]);
    expect(discord.requests.some((received) => received.path === `/guilds/${OTHER_GUILD}/channels`)).toBe(false);
  });

  it('publishes through the channel webhook it creates, with the name and avatar overrides and embeds', async () => {
    const result = await publishing().publish(
      memoryEnv(),
      credentials,
      target,
      request({
        text: 'Launch day',
        username: 'Release bot',
        avatarUrl: 'https://example.com/a.png',
        embeds: [{ title: 'Notes', url: 'https://example.com' }],
      }),
    );
    expect(result.externalData).toEqual({
      id: '700000000000000001',
      channelId: DISCORD_CHANNEL,
      permalink: `https://discord.com/channels/${MANAGED_GUILD}/${DISCORD_CHANNEL}/700000000000000001`,
    });
    const execute = discord.requests.find((received) => received.path.startsWith('/webhooks/'))!;
    expect(execute.query.get('wait')).toBe('true');
    expect(JSON.parse(execute.text)).toEqual({
      content: 'Launch day',
      username: 'Release bot',
      avatar_url: 'https://example.com/a.png',
      embeds: [{ title: 'Notes', url: 'https://example.com' }],
    });
    // The second post reuses the webhook instead of making another.
    await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Again' }, { intentKey: 'target_2:1' }));
    expect(discord.requests.filter((received) => received.method === 'POST' && received.path.endsWith('/webhooks'))).toHaveLength(1);
  });

  it('uploads files as multipart with payload_json and files[n]', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const env = memoryEnv({ 'team/a.png': png, 'team/b.mp4': Buffer.alloc(64, 1) });
    await publishing().publish(
      env,
      credentials,
      target,
      request({ text: 'Pictures' }, { media: [medium('team/a.png', png, 'image/png'), medium('team/b.mp4', Buffer.alloc(64, 1), 'video/mp4', 'video')] }),
    );
    const execute = discord.requests.find((received) => received.path.startsWith('/webhooks/'))!;
    expect(execute.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    // The receiver parsed the form as Discord does and refused a described file that is missing.
    expect(uploads.at(-1)).toEqual({
      payload: {
        content: 'Pictures',
        attachments: [
          { id: 0, filename: 'a.png' },
          { id: 1, filename: 'b.mp4' },
        ],
      },
      files: [
        { filename: 'a.png', size: png.length, content_type: 'image/png' },
        { filename: 'b.mp4', size: 64, content_type: 'video/mp4' },
      ],
    });
  });

  it('refuses a channel of a server the person does not manage, before calling its webhook', async () => {
    const error = (await publishing()
      .publish(memoryEnv(), credentials, target, request({ text: 'x' }, { channelId: FOREIGN_CHANNEL }))
      .catch((e: unknown) => e)) as PlatformError;
    expect(error.code).toBe('NOT_FOUND');
    expect(discord.requests.some((received) => received.path.includes('/webhooks'))).toBe(false);
  });

  it("maps Discord's 429 with retry_after in the body and Retry-After header to RATE_LIMITED with the reset", async () => {
    await publishing().publish(memoryEnv(), credentials, target, request({ text: 'first' }));
    discord.on('POST /webhooks/:id/:token', () =>
      json({ message: 'You are being rate limited.', retry_after: 3.2, global: false }, 429, { 'retry-after': '4', 'x-ratelimit-scope': 'user' }),
    );
    const before = Date.now();
    const error = (await publishing()
      .publish(memoryEnv(), credentials, target, request({ text: 'x' }))
      .catch((e: unknown) => e)) as PlatformError;
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryability).toBe('RETRY_AFTER_RESET');
    expect(Date.parse(String(error.meta.resetAt)) - before).toBeGreaterThanOrEqual(3_900);
    // Without the header (a proxy dropped it), the body's retry_after still gives the reset.
    discord.on('POST /webhooks/:id/:token', () => json({ message: 'You are being rate limited.', retry_after: 12.5, global: true }, 429));
    const bodyOnly = (await publishing()
      .publish(memoryEnv(), credentials, target, request({ text: 'x' }))
      .catch((e: unknown) => e)) as PlatformError;
    expect(bodyOnly.code).toBe('RATE_LIMITED');
    expect(bodyOnly.meta.retryAfterSeconds).toBe(13);
    expect(bodyOnly.meta.global).toBe(true);
  });

  it('maps Missing Permissions (50013) to PERMISSION_MISSING and a 5xx to TRANSIENT', async () => {
    discord.on('POST /channels/:id/webhooks', () => json({ message: 'Missing Permissions', code: 50013 }, 403));
    const error = (await publishing()
      .publish(memoryEnv(), credentials, target, request({ text: 'x' }))
      .catch((e: unknown) => e)) as PlatformError;
    expect(error.code).toBe('PERMISSION_MISSING');
    expect(error.message).toContain('Missing Permissions (50013)');
    discord.reset();
    discordRoutes(discord);
    discord.on('GET /users/@me/guilds', () => new Response('upstream', { status: 502 }));
    const outage = (await publishing()
      .publish(memoryEnv(), credentials, target, request({ text: 'x' }))
      .catch((e: unknown) => e)) as PlatformError;
    expect(outage.code).toBe('TRANSIENT');
  });

  it('answers a first comment in a thread on the post, once per intent even when repeated', async () => {
    const post = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Thread me' }));
    const first = await publishing().comment(memoryEnv(), credentials, target, {
      externalData: post.externalData,
      text: 'More below',
      intentKey: 'tgt:first-comment',
    });
    expect(first.permalink).toBe(`https://discord.com/channels/${MANAGED_GUILD}/${post.externalData.id}/${first.id}`);
    // The retry: the thread exists (160004), the nonce returns the first reply.
    const again = await publishing().comment(memoryEnv(), credentials, target, {
      externalData: post.externalData,
      text: 'More below',
      intentKey: 'tgt:first-comment',
    });
    expect(again.id).toBe(first.id);
    const sent = discord.requests.filter((received) => received.method === 'POST' && received.path === `/channels/${post.externalData.id}/messages`);
    expect(sent).toHaveLength(2);
    const body = JSON.parse(sent[0]!.text) as { nonce: string; enforce_nonce: boolean };
    expect(body.enforce_nonce).toBe(true);
    expect(body.nonce).toHaveLength(25);
    expect(await publishing().findByIntent(memoryEnv(), credentials, target, 'target_1:1', { channelId: DISCORD_CHANNEL })).toBeNull();
  });

  it('edits and deletes a post through its webhook', async () => {
    const post = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Typo' }));
    await connector.actions!.editPost!(memoryEnv(), credentials, target, {
      externalId: post.externalData.id!,
      externalData: post.externalData,
      edit: { text: 'Fixed' },
    });
    const patch = discord.requests.find((received) => received.method === 'PATCH')!;
    expect(patch.path).toMatch(new RegExp(`/messages/${post.externalData.id}$`));
    expect(JSON.parse(patch.text)).toEqual({ content: 'Fixed' });
    await connector.actions!.deletePost!(memoryEnv(), credentials, target, { externalId: post.externalData.id!, externalData: post.externalData });
    expect(discord.requests.some((received) => received.method === 'DELETE' && received.path.endsWith(`/messages/${post.externalData.id}`))).toBe(true);
    discord.on('DELETE /webhooks/:id/:token/messages/:message', () => json({ message: 'Unknown Message', code: 10008 }, 404));
    const gone = (await connector.actions!.deletePost!(memoryEnv(), credentials, target, { externalId: '1', externalData: post.externalData }).catch(
      (e: unknown) => e,
    )) as PlatformError;
    expect(gone.code).toBe('NOT_FOUND');
  });

  it('refreshes the user token, and reads invalid_grant as revoked access', async () => {
    discord.on('POST /oauth2/token', async (received) => {
      const form = new URLSearchParams(received.text);
      if (
        received.headers.get('content-type') !== 'application/x-www-form-urlencoded' ||
        form.get('client_id') !== DISCORD_APP ||
        form.get('client_secret') !== DISCORD_CLIENT_SECRET
      )
        return json({ error: 'invalid_client' }, 401);
      if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== DISCORD_REFRESH_TOKEN) return json({ error: 'invalid_grant' }, 400);
      return json({ access_token: 'new-access', refresh_token: 'new-refresh', expires_in: 604800, token_type: 'Bearer', scope: 'identify guilds' });
    });
    const tokens = await connector.auth.refresh(memoryEnv(), credentials);
    expect(tokens).toMatchObject({ accessToken: 'new-access', refreshToken: 'new-refresh' });
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 600_000_000);
    const revoked = (await connector.auth.refresh(memoryEnv(), { accessToken: 'x', refreshToken: 'used' }).catch((e: unknown) => e)) as PlatformError;
    expect(revoked.code).toBe('ACCESS_REVOKED');
    expect(revoked.retryability).toBe('RECONNECT');
  });

  it('reads an expired user token as TOKEN_EXPIRED, so the host refreshes and tries again', async () => {
    discord.on('GET /users/@me', () => json({ message: '401: Unauthorized', code: 0 }, 401));
    const error = (await connector.profile.fetch(memoryEnv(), credentials).catch((e: unknown) => e)) as PlatformError;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.code).toBe('TOKEN_EXPIRED');
  });

  it("connects through Discord's consent page, adding the bot with the permissions it posts with", async () => {
    const connect = connector.connect as Extract<NonNullable<typeof connector.connect>, { method: 'oauth' }>;
    expect(connect.method).toBe('oauth');
    const url = new URL(
      await connect.authorizationUrl(memoryEnv(), { state: 'st', redirectUri: 'https://desk.example/connect/callback', permissions: ['profile', 'publish'] }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://discord.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: DISCORD_APP,
      scope: 'identify guilds bot',
      state: 'st',
      response_type: 'code',
      redirect_uri: 'https://desk.example/connect/callback',
    });
    const permissions = BigInt(url.searchParams.get('permissions')!);
    expect(permissions & (1n << 29n)).toBe(1n << 29n); // Manage Webhooks
    discord.on('POST /oauth2/token', (received) => {
      const form = new URLSearchParams(received.text);
      if (
        form.get('grant_type') !== 'authorization_code' ||
        form.get('code') !== 'the-code' ||
        form.get('redirect_uri') !== 'https://desk.example/connect/callback'
      )
        return json({ error: 'invalid_grant' }, 400);
      return json({ access_token: 'fresh', refresh_token: 'fresh-refresh', expires_in: 604800, scope: 'identify guilds bot', guild: { id: MANAGED_GUILD } });
    });
    await expect(connect.exchange(memoryEnv(), { code: 'the-code', redirectUri: 'https://desk.example/connect/callback' })).resolves.toMatchObject({
      accessToken: 'fresh',
      refreshToken: 'fresh-refresh',
    });
    const expired = await connect
      .exchange(memoryEnv(), { code: 'old', redirectUri: 'https://desk.example/connect/callback' })
      .catch((e: unknown) => e as PlatformError);
    expect((expired as PlatformError).code).toBe('ACCESS_REVOKED');
  });
});
