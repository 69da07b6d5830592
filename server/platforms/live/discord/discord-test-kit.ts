import { json, type LocalReceiver, type Received } from '../test-kit/local-receiver';

/*
 * Discord's REST API and OAuth2 pages as its documentation describes them, on a local receiver:
 * each route checks the authorization a real endpoint needs (user Bearer token, `Bot` token, none
 * for webhooks and the token endpoint) and the body's encoding, and answers as Discord does. The
 * connector tests call the connector against it; the app tests point DISCORD_API_URL and
 * DISCORD_AUTHORIZE_URL at it.
 */
export const DISCORD_APP = '111111111111111111';
export const DISCORD_CLIENT_SECRET = 'client-secret';
export const DISCORD_BOT_TOKEN = 'bot-token';
export const DISCORD_USER_TOKEN = 'user-access-token';
export const DISCORD_REFRESH_TOKEN = 'user-refresh-token';
export const MANAGED_GUILD = '100000000000000001';
export const OTHER_GUILD = '200000000000000002';
export const DISCORD_CHANNEL = '300000000000000003';
export const FOREIGN_CHANNEL = '400000000000000004';
const BOT = `Bot ${DISCORD_BOT_TOKEN}`;

export type DiscordUpload = { payload: Record<string, unknown>; files: { filename: string; size: number; content_type: string }[] };

function requireAuth(received: Received, expected: string | null) {
  const actual = received.headers.get('authorization');
  if (actual !== expected) throw new Error(`${received.method} ${received.path}: authorization ${actual}, expected ${expected}`);
}

/**
 * Installs Discord's routes on the receiver (after a `reset()`); answers what they kept: the
 * multipart uploads the webhooks received, in order.
 */
export function discordRoutes(discord: LocalReceiver) {
  const uploads: DiscordUpload[] = [];
  const webhooks: { id: string; token: string; channel_id: string; application_id: string; name: string }[] = [];
  const nonces = new Map<string, { id: string; channel_id: string }>();
  let messageSeq = 0;
  discordOAuthRoutes(discord);
  discord.on('GET /users/@me', (received) => {
    requireAuth(received, `Bearer ${DISCORD_USER_TOKEN}`);
    return json({ id: '555', username: 'ada', global_name: 'Ada L.', avatar: 'abc', email: 'ada@example.com' });
  });
  discord.on('GET /users/@me/guilds', (received) => {
    requireAuth(received, `Bearer ${DISCORD_USER_TOKEN}`);
    return json([
      { id: MANAGED_GUILD, name: 'Makers', icon: null, owner: false, permissions: String(1n << 29n) },
      { id: OTHER_GUILD, name: 'Elsewhere', icon: null, owner: false, permissions: '1024' },
    ]);
  });
  discord.on('GET /guilds/:id/channels', (received) => {
    requireAuth(received, BOT);
    return json([
      { id: DISCORD_CHANNEL, name: 'announcements', type: 0, guild_id: MANAGED_GUILD },
      { id: '300000000000000009', name: 'Voice', type: 2, guild_id: MANAGED_GUILD },
    ]);
  });
  discord.on('GET /guilds/:id/webhooks', (received) => {
    requireAuth(received, BOT);
    return json(webhooks);
  });
  discord.on('GET /channels/:id', (received) => {
    requireAuth(received, BOT);
    const id = received.path.split('/')[2];
    if (id === DISCORD_CHANNEL) return json({ id, type: 0, guild_id: MANAGED_GUILD, name: 'announcements' });
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
    const webhook = {
      id: `9${webhooks.length}0000000000000000`,
      token: `wh-token-${webhooks.length}`,
      channel_id: received.path.split('/')[2]!,
      application_id: DISCORD_APP,
      name: body.name,
    };
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
    const attachments: DiscordUpload['files'] = [];
    if (type.startsWith('multipart/form-data')) {
      const form = await received.request.formData();
      payload = JSON.parse(String(form.get('payload_json'))) as Record<string, unknown>;
      for (const described of payload.attachments as { id: number; filename: string }[]) {
        const file = form.get(`files[${described.id}]`);
        if (!(file instanceof File)) return json({ message: `files[${described.id}] missing`, code: 50035 }, 400);
        attachments.push({ filename: file.name, size: file.size, content_type: file.type });
      }
      uploads.push({ payload, files: attachments });
    } else if (type.startsWith('application/json')) {
      payload = (await received.request.json()) as Record<string, unknown>;
    } else {
      return json({ message: 'Cannot send an empty message', code: 50006 }, 400);
    }
    messageSeq += 1;
    return json({
      id: `70000000000000000${messageSeq}`,
      channel_id: webhook.channel_id,
      webhook_id: webhook.id,
      content: payload.content,
      embeds: payload.embeds ?? [],
      attachments,
      author: { username: payload.username ?? webhook.name },
    });
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
  return { uploads };
}

/**
 * The authorization code grant with the bot added (https://discord.com/developers/docs/topics/oauth2#advanced-bot-authorization):
 * the consent page, where the person approves and picks the server (here: always the managed one),
 * sends them to `redirect_uri` with `code`, `state` and `guild_id`; the token endpoint takes the
 * code, form-encoded with the client credentials and the same `redirect_uri`, once.
 */
function discordOAuthRoutes(discord: LocalReceiver) {
  const codes = new Map<string, string>();
  discord.on('GET /oauth2/authorize', (received) => {
    const query = received.query;
    const scopes = (query.get('scope') ?? '').split(' ');
    const redirect = query.get('redirect_uri');
    if (
      query.get('client_id') !== DISCORD_APP ||
      query.get('response_type') !== 'code' ||
      !redirect ||
      !['identify', 'guilds', 'bot'].every((scope) => scopes.includes(scope))
    ) {
      return new Response('Invalid OAuth2 request', { status: 400 });
    }
    const code = `code-${codes.size + 1}`;
    codes.set(code, redirect);
    const back = new URL(redirect);
    back.search = new URLSearchParams({
      code,
      state: query.get('state') ?? '',
      guild_id: MANAGED_GUILD,
      permissions: query.get('permissions') ?? '0',
    }).toString();
    return new Response(null, { status: 302, headers: { location: back.toString() } });
  });
  discord.on('POST /oauth2/token', (received) => {
    requireAuth(received, null);
    const form = new URLSearchParams(received.text);
    if (
      received.headers.get('content-type') !== 'application/x-www-form-urlencoded' ||
      form.get('client_id') !== DISCORD_APP ||
      form.get('client_secret') !== DISCORD_CLIENT_SECRET
    ) {
      return json({ error: 'invalid_client' }, 401);
    }
    const code = form.get('code') ?? '';
    if (form.get('grant_type') !== 'authorization_code' || codes.get(code) !== form.get('redirect_uri')) return json({ error: 'invalid_grant' }, 400);
    codes.delete(code);
    return json({
      access_token: DISCORD_USER_TOKEN,
      refresh_token: DISCORD_REFRESH_TOKEN,
      expires_in: 604800,
      token_type: 'Bearer',
      scope: 'identify guilds bot',
      guild: { id: MANAGED_GUILD, name: 'Makers' },
    });
  });
}
