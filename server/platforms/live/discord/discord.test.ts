import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../../platform-error';
import { LiveHttpClient } from '../live-http';
import { json, startLocalReceiver, type LocalReceiver, type Received } from '../test-kit/local-receiver';
import { medium, memoryEnv } from '../test-kit/memory-env';
import { discordConnector } from './discord-connector';

/*
 * Discord's REST API as its documentation describes it, on 127.0.0.1: each route checks the
 * authorization a real endpoint needs (user Bearer token, `Bot` token, none for webhooks) and the
 * body's shape, and answers as Discord does.
 */
const APP = '111111111111111111';
const USER_TOKEN = 'user-access-token';
const BOT = 'Bot bot-token';
const MANAGED_GUILD = '100000000000000001';
const OTHER_GUILD = '200000000000000002';
const CHANNEL = '300000000000000003';
const FOREIGN_CHANNEL = '400000000000000004';

let discord: LocalReceiver;
let lastUpload: { payload: Record<string, unknown>; files: { filename: string; size: number; content_type: string }[] } | null = null;
let connector: ReturnType<typeof discordConnector>;
const credentials = { accessToken: USER_TOKEN, refreshToken: 'user-refresh-token' };
const target = { externalId: '555', selectedChannelId: null };

function requireAuth(received: Received, expected: string | null) {
  const actual = received.headers.get('authorization');
  if (actual !== expected) throw new Error(`${received.method} ${received.path}: authorization ${actual}, expected ${expected}`);
}

function discordRoutes() {
  const webhooks: { id: string; token: string; channel_id: string; application_id: string; name: string }[] = [];
  const nonces = new Map<string, { id: string; channel_id: string }>();
  let messageSeq = 0;
  discord.on('GET /users/@me', (received) => {
    requireAuth(received, `Bearer ${USER_TOKEN}`);
    return json({ id: '555', username: 'ada', global_name: 'Ada L.', avatar: 'abc', email: 'ada@example.com' });
  });
  discord.on('GET /users/@me/guilds', (received) => {
    requireAuth(received, `Bearer ${USER_TOKEN}`);
    return json([
      { id: MANAGED_GUILD, name: 'Makers', icon: null, owner: false, permissions: String(1n << 29n) },
      { id: OTHER_GUILD, name: 'Elsewhere', icon: null, owner: false, permissions: '1024' },
    ]);
  });
  discord.on('GET /guilds/:id/channels', (received) => {
    requireAuth(received, BOT);
    return json([
      { id: CHANNEL, name: 'announcements', type: 0, guild_id: MANAGED_GUILD },
      { id: '300000000000000009', name: 'Voice', type: 2, guild_id: MANAGED_GUILD },
    ]);
  });
  discord.on('GET /guilds/:id/webhooks', () => json(webhooks));
  discord.on('GET /channels/:id', (received) => {
    requireAuth(received, BOT);
    const id = received.path.split('/')[2];
    if (id === CHANNEL) return json({ id, type: 0, guild_id: MANAGED_GUILD, name: 'announcements' });
    if (id === FOREIGN_CHANNEL) return json({ id, type: 0, guild_id: OTHER_GUILD, name: 'secret' });
    return json({ message: 'Unknown Channel', code: 10003 }, 404);
  });
  discord.on('GET /channels/:id/webhooks', (received) => {
    requireAuth(received, BOT);
    return json(webhooks.filter((webhook) => webhook.channel_id === received.path.split('/')[2]));
  });
  discord.on('POST /channels/:id/webhooks', async (received) => {
    requireAuth(received, BOT);
    const body = (await received.request.json()) as { name?: string };
    if (!body.name || /discord/i.test(body.name)) return json({ message: 'Invalid Form Body', code: 50035 }, 400);
    const webhook = { id: `9${webhooks.length}0000000000000000`, token: `wh-token-${webhooks.length}`, channel_id: received.path.split('/')[2]!, application_id: APP, name: body.name };
    webhooks.push(webhook);
    return json(webhook);
  });
  discord.on('POST /webhooks/:id/:token', async (received) => {
    requireAuth(received, null);
    const [, , id, token] = received.path.split('/');
    const webhook = webhooks.find((candidate) => candidate.id === id && candidate.token === token);
    if (!webhook) return json({ message: 'Unknown Webhook', code: 10015 }, 404);
    if (received.query.get('wait') !== 'true') return new Response(null, { status: 204 });
    let payload: Record<string, unknown>;
    const type = received.headers.get('content-type') ?? '';
    const attachments: { filename: string; size: number; content_type: string }[] = [];
    if (type.startsWith('multipart/form-data')) {
      const form = await received.request.formData();
      payload = JSON.parse(String(form.get('payload_json'))) as Record<string, unknown>;
      for (const described of payload.attachments as { id: number; filename: string }[]) {
        const file = form.get(`files[${described.id}]`);
        if (!(file instanceof File)) return json({ message: `files[${described.id}] missing`, code: 50035 }, 400);
        attachments.push({ filename: file.name, size: file.size, content_type: file.type });
      }
      lastUpload = { payload, files: attachments };
    } else if (type.startsWith('application/json')) {
      payload = (await received.request.json()) as Record<string, unknown>;
    } else {
      return json({ message: 'Cannot send an empty message', code: 50006 }, 400);
    }
    messageSeq += 1;
    return json({ id: `70000000000000000${messageSeq}`, channel_id: webhook.channel_id, webhook_id: webhook.id, content: payload.content, embeds: payload.embeds ?? [], attachments, author: { username: payload.username ?? webhook.name } });
  });
  discord.on('PATCH /webhooks/:id/:token/messages/:message', async (received) => {
    requireAuth(received, null);
    const body = (await received.request.json()) as { content: string };
    return json({ id: received.path.split('/')[5], content: body.content });
  });
  discord.on('DELETE /webhooks/:id/:token/messages/:message', (received) => {
    requireAuth(received, null);
    return new Response(null, { status: 204 });
  });
  const threads = new Set<string>();
  discord.on('POST /channels/:id/messages/:message/threads', async (received) => {
    requireAuth(received, BOT);
    const body = (await received.request.json()) as { name?: string };
    if (!body.name) return json({ message: 'Invalid Form Body', code: 50035 }, 400);
    const messageId = received.path.split('/')[4]!;
    if (threads.has(messageId)) return json({ message: 'A thread has already been created for this message', code: 160004 }, 400);
    threads.add(messageId);
    return json({ id: messageId, type: 11, parent_id: received.path.split('/')[2] });
  });
  discord.on('POST /channels/:id/messages', async (received) => {
    requireAuth(received, BOT);
    const body = (await received.request.json()) as { content: string; nonce?: string; enforce_nonce?: boolean };
    if (body.nonce && body.nonce.length > 25) return json({ message: 'Invalid Form Body', code: 50035 }, 400);
    const channelId = received.path.split('/')[2]!;
    // enforce_nonce: the same author and nonce within a few minutes answers the first message.
    if (body.nonce && body.enforce_nonce && nonces.has(body.nonce)) return json(nonces.get(body.nonce));
    messageSeq += 1;
    const message = { id: `80000000000000000${messageSeq}`, channel_id: channelId, content: body.content };
    if (body.nonce) nonces.set(body.nonce, message);
    return json(message);
  });
}

beforeAll(async () => {
  discord = await startLocalReceiver();
  connector = discordConnector({ http: new LiveHttpClient({ timeoutMs: 2_000, retries: 1, concurrencyPerAccount: 2 }), applicationId: APP, clientSecret: 'client-secret', botToken: 'bot-token', apiBase: discord.url });
});
afterAll(() => discord.close());
beforeEach(() => {
  discord.reset();
  discordRoutes();
});

const publishing = () => connector.publishing!;
const request = (options: Record<string, unknown>, extra: Partial<Parameters<ReturnType<typeof publishing>['publish']>[3]> = {}) => ({ intentKey: 'target_1:1', options, media: [], channelId: CHANNEL, ...extra });

describe('Discord live connector', () => {
  it('reads the person and the text channels of the servers they manage with the bot on them', async () => {
    const { profile, permissions } = await connector.profile.fetch(memoryEnv(), credentials);
    expect(profile).toMatchObject({ externalId: '555', username: 'ada', displayName: 'Ada L.', avatarUrl: 'https://cdn.discordapp.com/avatars/555/abc.png' });
    expect(permissions).toContain('publish');
    const channels = await connector.profile.listChannels(memoryEnv(), credentials);
    // Only the managed server's text channel: not its voice channel, not the other server.
    expect(channels.map((channel) => [channel.id, channel.name, channel.address])).toEqual([[CHANNEL, '#announcements', 'Makers']]);
    expect(discord.requests.some((received) => received.path === `/guilds/${OTHER_GUILD}/channels`)).toBe(false);
  });

  it('publishes through the channel webhook it creates, with the name and avatar overrides and embeds', async () => {
    const result = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Launch day', username: 'Release bot', avatarUrl: 'https://example.com/a.png', embeds: [{ title: 'Notes', url: 'https://example.com' }] }));
    expect(result.externalData).toEqual({ id: '700000000000000001', channelId: CHANNEL, permalink: `https://discord.com/channels/${MANAGED_GUILD}/${CHANNEL}/700000000000000001` });
    const execute = discord.requests.find((received) => received.path.startsWith('/webhooks/'))!;
    expect(execute.query.get('wait')).toBe('true');
    expect(JSON.parse(execute.text)).toEqual({ content: 'Launch day', username: 'Release bot', avatar_url: 'https://example.com/a.png', embeds: [{ title: 'Notes', url: 'https://example.com' }] });
    // The second post reuses the webhook instead of making another.
    await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Again' }, { intentKey: 'target_2:1' }));
    expect(discord.requests.filter((received) => received.method === 'POST' && received.path.endsWith('/webhooks'))).toHaveLength(1);
  });

  it('uploads files as multipart with payload_json and files[n]', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const env = memoryEnv({ 'team/a.png': png, 'team/b.mp4': Buffer.alloc(64, 1) });
    await publishing().publish(env, credentials, target, request({ text: 'Pictures' }, { media: [medium('team/a.png', png, 'image/png'), medium('team/b.mp4', Buffer.alloc(64, 1), 'video/mp4', 'video')] }));
    const execute = discord.requests.find((received) => received.path.startsWith('/webhooks/'))!;
    expect(execute.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    // The receiver parsed the form as Discord does and refused a described file that is missing.
    expect(lastUpload).toEqual({
      payload: { content: 'Pictures', attachments: [{ id: 0, filename: 'a.png' }, { id: 1, filename: 'b.mp4' }] },
      files: [
        { filename: 'a.png', size: png.length, content_type: 'image/png' },
        { filename: 'b.mp4', size: 64, content_type: 'video/mp4' },
      ],
    });
  });

  it('refuses a channel of a server the person does not manage, before calling its webhook', async () => {
    const error = (await publishing().publish(memoryEnv(), credentials, target, request({ text: 'x' }, { channelId: FOREIGN_CHANNEL })).catch((e: unknown) => e)) as PlatformError;
    expect(error.code).toBe('NOT_FOUND');
    expect(discord.requests.some((received) => received.path.includes('/webhooks'))).toBe(false);
  });

  it("maps Discord's 429 with retry_after in the body and Retry-After header to RATE_LIMITED with the reset", async () => {
    await publishing().publish(memoryEnv(), credentials, target, request({ text: 'first' }));
    discord.on('POST /webhooks/:id/:token', () => json({ message: 'You are being rate limited.', retry_after: 3.2, global: false }, 429, { 'retry-after': '4', 'x-ratelimit-scope': 'user' }));
    const before = Date.now();
    const error = (await publishing().publish(memoryEnv(), credentials, target, request({ text: 'x' })).catch((e: unknown) => e)) as PlatformError;
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryability).toBe('RETRY_AFTER_RESET');
    expect(Date.parse(String(error.meta.resetAt)) - before).toBeGreaterThanOrEqual(3_900);
    // Without the header (a proxy dropped it), the body's retry_after still gives the reset.
    discord.on('POST /webhooks/:id/:token', () => json({ message: 'You are being rate limited.', retry_after: 12.5, global: true }, 429));
    const bodyOnly = (await publishing().publish(memoryEnv(), credentials, target, request({ text: 'x' })).catch((e: unknown) => e)) as PlatformError;
    expect(bodyOnly.code).toBe('RATE_LIMITED');
    expect(bodyOnly.meta.retryAfterSeconds).toBe(13);
    expect(bodyOnly.meta.global).toBe(true);
  });

  it('maps Missing Permissions (50013) to PERMISSION_MISSING and a 5xx to TRANSIENT', async () => {
    discord.on('POST /channels/:id/webhooks', () => json({ message: 'Missing Permissions', code: 50013 }, 403));
    const error = (await publishing().publish(memoryEnv(), credentials, target, request({ text: 'x' })).catch((e: unknown) => e)) as PlatformError;
    expect(error.code).toBe('PERMISSION_MISSING');
    expect(error.message).toContain('Missing Permissions (50013)');
    discord.reset();
    discordRoutes();
    discord.on('GET /users/@me/guilds', () => new Response('upstream', { status: 502 }));
    const outage = (await publishing().publish(memoryEnv(), credentials, target, request({ text: 'x' })).catch((e: unknown) => e)) as PlatformError;
    expect(outage.code).toBe('TRANSIENT');
  });

  it('answers a first comment in a thread on the post, once per intent even when repeated', async () => {
    const post = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Thread me' }));
    const first = await publishing().comment(memoryEnv(), credentials, target, { externalData: post.externalData, text: 'More below', intentKey: 'tgt:first-comment' });
    expect(first.permalink).toBe(`https://discord.com/channels/${MANAGED_GUILD}/${post.externalData.id}/${first.id}`);
    // The retry: the thread exists (160004), the nonce returns the first reply.
    const again = await publishing().comment(memoryEnv(), credentials, target, { externalData: post.externalData, text: 'More below', intentKey: 'tgt:first-comment' });
    expect(again.id).toBe(first.id);
    const sent = discord.requests.filter((received) => received.method === 'POST' && received.path === `/channels/${post.externalData.id}/messages`);
    expect(sent).toHaveLength(2);
    const body = JSON.parse(sent[0]!.text) as { nonce: string; enforce_nonce: boolean };
    expect(body.enforce_nonce).toBe(true);
    expect(body.nonce).toHaveLength(25);
    expect(await publishing().findByIntent(memoryEnv(), credentials, target, 'target_1:1', { channelId: CHANNEL })).toBeNull();
  });

  it('edits and deletes a post through its webhook', async () => {
    const post = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Typo' }));
    await connector.actions!.editPost!(memoryEnv(), credentials, target, { externalId: post.externalData.id!, externalData: post.externalData, edit: { text: 'Fixed' } });
    const patch = discord.requests.find((received) => received.method === 'PATCH')!;
    expect(patch.path).toMatch(new RegExp(`/messages/${post.externalData.id}$`));
    expect(JSON.parse(patch.text)).toEqual({ content: 'Fixed' });
    await connector.actions!.deletePost!(memoryEnv(), credentials, target, { externalId: post.externalData.id!, externalData: post.externalData });
    expect(discord.requests.some((received) => received.method === 'DELETE' && received.path.endsWith(`/messages/${post.externalData.id}`))).toBe(true);
    discord.on('DELETE /webhooks/:id/:token/messages/:message', () => json({ message: 'Unknown Message', code: 10008 }, 404));
    const gone = (await connector.actions!.deletePost!(memoryEnv(), credentials, target, { externalId: '1', externalData: post.externalData }).catch((e: unknown) => e)) as PlatformError;
    expect(gone.code).toBe('NOT_FOUND');
  });

  it('refreshes the user token, and reads invalid_grant as revoked access', async () => {
    discord.on('POST /oauth2/token', async (received) => {
      const form = new URLSearchParams(received.text);
      if (received.headers.get('content-type') !== 'application/x-www-form-urlencoded' || form.get('client_id') !== APP || form.get('client_secret') !== 'client-secret') return json({ error: 'invalid_client' }, 401);
      if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== 'user-refresh-token') return json({ error: 'invalid_grant' }, 400);
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

  it('connects through Discord\'s consent page, adding the bot with the permissions it posts with', async () => {
    const connect = connector.connect as Extract<NonNullable<typeof connector.connect>, { method: 'oauth' }>;
    expect(connect.method).toBe('oauth');
    const url = new URL(await connect.authorizationUrl(memoryEnv(), { state: 'st', redirectUri: 'https://desk.example/connect/callback', permissions: ['profile', 'publish'] }));
    expect(`${url.origin}${url.pathname}`).toBe('https://discord.com/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: APP, scope: 'identify guilds bot', state: 'st', response_type: 'code', redirect_uri: 'https://desk.example/connect/callback' });
    const permissions = BigInt(url.searchParams.get('permissions')!);
    expect(permissions & (1n << 29n)).toBe(1n << 29n); // Manage Webhooks
    discord.on('POST /oauth2/token', (received) => {
      const form = new URLSearchParams(received.text);
      if (form.get('grant_type') !== 'authorization_code' || form.get('code') !== 'the-code' || form.get('redirect_uri') !== 'https://desk.example/connect/callback') return json({ error: 'invalid_grant' }, 400);
      return json({ access_token: 'fresh', refresh_token: 'fresh-refresh', expires_in: 604800, scope: 'identify guilds bot', guild: { id: MANAGED_GUILD } });
    });
    await expect(connect.exchange(memoryEnv(), { code: 'the-code', redirectUri: 'https://desk.example/connect/callback' })).resolves.toMatchObject({ accessToken: 'fresh', refreshToken: 'fresh-refresh' });
    const expired = await connect.exchange(memoryEnv(), { code: 'old', redirectUri: 'https://desk.example/connect/callback' }).catch((e: unknown) => e as PlatformError);
    expect((expired as PlatformError).code).toBe('ACCESS_REVOKED');
  });
});
