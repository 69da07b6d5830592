import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../../platform-error';
import { LiveHttpClient } from '../live-http';
import { json, startLocalReceiver, type LocalReceiver, type Received } from '../test-kit/local-receiver';
import { medium, memoryEnv } from '../test-kit/memory-env';
import { SlackApi } from './slack-api';
import { slackConnector } from './slack-connector';

/*
 * Slack's Web API as documented, on 127.0.0.1: methods check the bot token, the encoding each
 * method accepts (JSON, form, query), and answer `{ ok: false, error }` with HTTP 200 as Slack does.
 */
const TOKEN = 'xoxb-test-token';
const CHANNEL = 'C0123ABCDEF';
const SCOPES = 'chat:write,chat:write.customize,channels:read,groups:read,channels:history,files:write,files:read';

let slack: LocalReceiver;
let connector: ReturnType<typeof slackConnector>;
const credentials = { accessToken: TOKEN, refreshToken: 'xoxe-1-refresh' };
const target = { externalId: 'U0BOT', selectedChannelId: null };

type Message = { ts: string; text: string; thread_ts?: string; metadata?: unknown; username?: string; icon_url?: string };

function slackRoutes() {
  const history: Message[] = [];
  const files = new Map<string, { name: string; length: number; received: number; shared: string | null; polls: number }>();
  let clock = 1_700_000_000;
  const nextTs = () => `${++clock}.000100`;
  const ok = (body: Record<string, unknown>) => json({ ok: true, ...body }, 200, { 'x-oauth-scopes': SCOPES });
  const fail = (error: string, extra: Record<string, unknown> = {}) => json({ ok: false, error, ...extra });
  const authed = (received: Received) => received.headers.get('authorization') === `Bearer ${TOKEN}`;
  const jsonBody = async (received: Received) => {
    if (!received.headers.get('content-type')?.startsWith('application/json')) return null;
    return (await received.request.json()) as Record<string, unknown>;
  };

  slack.on('POST /auth.test', (received) => (authed(received) ? ok({ url: 'https://makers.slack.com/', team: 'Makers', user: 'socialdesk', team_id: 'T0TEAM', user_id: 'U0BOT', bot_id: 'B0BOT' }) : fail('invalid_auth')));
  slack.on('GET /conversations.list', (received) => {
    if (!authed(received)) return fail('invalid_auth');
    if (received.query.get('types') !== 'public_channel,private_channel') return fail('invalid_types');
    if (!received.query.get('cursor')) {
      return ok({ channels: [{ id: CHANNEL, name: 'marketing', is_private: false, is_member: true, is_archived: false }, { id: 'C0NOTMEMBER', name: 'random', is_private: false, is_member: false, is_archived: false }], response_metadata: { next_cursor: 'page2' } });
    }
    return ok({ channels: [{ id: 'G0PRIVATE', name: 'leads', is_private: true, is_member: true, is_archived: false }], response_metadata: { next_cursor: '' } });
  });
  slack.on('POST /chat.postMessage', async (received) => {
    if (!authed(received)) return fail('not_authed');
    const body = await jsonBody(received);
    if (!body) return fail('invalid_arguments');
    if (body.channel !== CHANNEL) return fail('channel_not_found');
    if (!body.text && !body.blocks) return fail('no_text');
    if ((body.username || body.icon_url) && !SCOPES.includes('chat:write.customize')) return fail('missing_scope', { needed: 'chat:write.customize' });
    if (body.thread_ts && !history.some((message) => message.ts === body.thread_ts)) return fail('thread_not_found');
    const message = { ts: nextTs(), text: String(body.text), thread_ts: body.thread_ts as string | undefined, metadata: body.metadata, username: body.username as string | undefined, icon_url: body.icon_url as string | undefined };
    history.unshift(message);
    return ok({ channel: CHANNEL, ts: message.ts, message });
  });
  slack.on('GET /chat.getPermalink', (received) => {
    const ts = received.query.get('message_ts') ?? '';
    const message = history.find((candidate) => candidate.ts === ts);
    if (!message) return fail('message_not_found');
    const thread = message.thread_ts ? `?thread_ts=${message.thread_ts}&cid=${CHANNEL}` : '';
    return ok({ channel: CHANNEL, permalink: `https://makers.slack.com/archives/${received.query.get('channel')}/p${ts.replace('.', '')}${thread}` });
  });
  slack.on('GET /conversations.history', (received) => {
    const withMetadata = received.query.get('include_all_metadata') === 'true';
    return ok({ messages: history.filter((message) => !message.thread_ts || message.thread_ts === message.ts).map((message) => (withMetadata ? message : { ...message, metadata: undefined })) });
  });
  slack.on('GET /conversations.replies', (received) => {
    const root = received.query.get('ts');
    const withMetadata = received.query.get('include_all_metadata') === 'true';
    return ok({ messages: history.filter((message) => message.ts === root || message.thread_ts === root).map((message) => (withMetadata ? message : { ...message, metadata: undefined })) });
  });
  slack.on('POST /chat.update', async (received) => {
    const body = await jsonBody(received);
    const message = history.find((candidate) => candidate.ts === body?.ts);
    if (!body || body.channel !== CHANNEL || !message) return fail('message_not_found');
    message.text = String(body.text);
    return ok({ channel: CHANNEL, ts: message.ts, text: message.text });
  });
  slack.on('POST /chat.delete', async (received) => {
    const body = await jsonBody(received);
    const index = history.findIndex((candidate) => candidate.ts === body?.ts);
    if (!body || index < 0) return fail('message_not_found');
    history.splice(index, 1);
    return ok({ channel: CHANNEL, ts: body.ts });
  });
  slack.on('POST /files.getUploadURLExternal', (received) => {
    // This method takes form fields, not JSON.
    if (received.headers.get('content-type') !== 'application/x-www-form-urlencoded') return fail('invalid_arguments');
    const form = new URLSearchParams(received.text);
    const id = `F0${files.size + 1}`;
    files.set(id, { name: form.get('filename') ?? '', length: Number(form.get('length')), received: 0, shared: null, polls: 0 });
    return ok({ upload_url: `${slack.url}/upload/${id}`, file_id: id });
  });
  slack.on('POST /upload/:id', (received) => {
    const file = files.get(received.path.split('/')[2]!);
    if (!file) return new Response('unknown', { status: 404 });
    file.received = received.bytes.length;
    return new Response(`OK - ${file.received}`, { status: 200 });
  });
  slack.on('POST /files.completeUploadExternal', async (received) => {
    const body = await jsonBody(received);
    const listed = (body?.files ?? []) as { id: string }[];
    if (!body || listed.length === 0) return fail('invalid_arguments');
    for (const { id } of listed) {
      const file = files.get(id);
      if (!file || file.received !== file.length) return fail('file_not_found');
    }
    const message = { ts: nextTs(), text: String(body.initial_comment ?? '') };
    history.unshift(message);
    for (const { id } of listed) files.get(id)!.shared = message.ts;
    return ok({ files: listed.map(({ id }) => ({ id, title: files.get(id)!.name })) });
  });
  slack.on('GET /files.info', (received) => {
    const file = files.get(received.query.get('file') ?? '');
    if (!file) return fail('file_not_found');
    // Slack shares asynchronously: the first look shows no shares yet.
    file.polls += 1;
    return ok({ file: { id: received.query.get('file'), name: file.name, shares: file.polls > 1 && file.shared ? { public: { [CHANNEL]: [{ ts: file.shared }] } } : {} } });
  });
}

beforeAll(async () => {
  slack = await startLocalReceiver();
  connector = slackConnector({ http: new LiveHttpClient({ timeoutMs: 2_000, retries: 1, concurrencyPerAccount: 2 }), clientId: '123.456', clientSecret: 'shh', apiBase: slack.url, shareWait: { attempts: 5, intervalMs: 10 } });
});
afterAll(() => slack.close());
beforeEach(() => {
  slack.reset();
  slackRoutes();
});

const publishing = () => connector.publishing!;
const request = (options: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ intentKey: 'target_1:1', options, media: [], channelId: CHANNEL, ...extra });
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as PlatformError);

describe('Slack live connector', () => {
  it('reads the bot user, its permissions from the granted scopes, and the channels it can post to', async () => {
    const { profile, permissions } = await connector.profile.fetch(memoryEnv(), credentials);
    expect(profile).toMatchObject({ externalId: 'U0BOT', username: 'socialdesk', displayName: 'Makers', attributes: { workspace: 'T0TEAM' } });
    expect(permissions).toEqual(['profile', 'publish', 'comments']);
    const channels = await connector.profile.listChannels(memoryEnv(), credentials);
    // Paged; not #random, where the bot is no member and may not post without chat:write.public.
    expect(channels.map((channel) => channel.id)).toEqual([CHANNEL, 'G0PRIVATE']);
  });

  it('posts a message as JSON with blocks, the name and icon overrides and its intent in the metadata', async () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Launch*' } }];
    const result = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Launch', blocks, username: 'Release', avatarUrl: 'https://example.com/i.png' }));
    expect(result.externalData).toEqual({ id: '1700000001.000100', channelId: CHANNEL, permalink: `https://makers.slack.com/archives/${CHANNEL}/p1700000001000100` });
    const sent = JSON.parse(slack.requests.find((received) => received.path === '/chat.postMessage')!.text) as Record<string, unknown>;
    expect(sent).toMatchObject({ channel: CHANNEL, text: 'Launch', blocks, username: 'Release', icon_url: 'https://example.com/i.png', metadata: { event_type: 'socialdesk_publish', event_payload: { intent_key: 'target_1:1' } } });
  });

  it('finds what an interrupted attempt posted by the intent in the message metadata', async () => {
    const posted = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Once' }, { intentKey: 'tgt_9:2' }));
    await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Another' }, { intentKey: 'tgt_10:1' }));
    await expect(publishing().findByIntent(memoryEnv(), credentials, target, 'tgt_9:2', { channelId: CHANNEL })).resolves.toEqual(posted);
    await expect(publishing().findByIntent(memoryEnv(), credentials, target, 'tgt_11:1', { channelId: CHANNEL })).resolves.toBeNull();
  });

  it('uploads files through the external upload flow and reads the message from the file shares', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
    const result = await publishing().publish(memoryEnv({ 'org/a.png': png }), credentials, target, request({ text: 'With a picture' }, { media: [medium('org/a.png', png, 'image/png')] }));
    expect(result.externalData.channelId).toBe(CHANNEL);
    expect(slack.requests.map((received) => `${received.method} ${received.path}`)).toEqual([
      'POST /files.getUploadURLExternal',
      'POST /upload/F01',
      'POST /files.completeUploadExternal',
      'GET /files.info',
      'GET /files.info',
      'GET /chat.getPermalink',
    ]);
    const complete = JSON.parse(slack.requests[2]!.text) as Record<string, unknown>;
    expect(complete).toEqual({ files: [{ id: 'F01', title: 'a.png' }], channel_id: CHANNEL, initial_comment: 'With a picture' });
    expect(new URLSearchParams(slack.requests[0]!.text).get('length')).toBe(String(png.length));
  });

  it('sends the blocks of a message with files, and refuses what the file upload cannot carry instead of dropping it', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
    const env = () => memoryEnv({ 'org/a.png': png });
    const media = [medium('org/a.png', png, 'image/png')];
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Launch*' } }];
    await publishing().publish(env(), credentials, target, request({ blocks }, { media }));
    const complete = JSON.parse(slack.requests.find((received) => received.path === '/files.completeUploadExternal')!.text) as Record<string, unknown>;
    expect(complete).toEqual({ files: [{ id: 'F01', title: 'a.png' }], channel_id: CHANNEL, blocks });
    for (const options of [{ text: 'Hi', username: 'Release' }, { text: 'Hi', avatarUrl: 'https://example.com/i.png' }, { text: 'Hi', blocks }]) {
      slack.requests.length = 0;
      const refused = await failure(publishing().publish(env(), credentials, target, request(options, { media })));
      expect([refused?.code, refused?.retryability]).toEqual(['INVALID_REQUEST', 'NEVER']);
      expect(slack.requests).toEqual([]);
    }
  });

  it('limits file uploads per account: another account\'s upload does not wait for this one\'s', async () => {
    // One call at a time per account; the upload URL holds each request until a second one arrives (or 400 ms pass).
    const api = new SlackApi({ http: new LiveHttpClient({ timeoutMs: 2_000, retries: 0, concurrencyPerAccount: 1 }), clientId: '123.456', clientSecret: 'shh', apiBase: slack.url });
    let inFlight = 0;
    let peak = 0;
    slack.on('POST /hold/:id', async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      for (let waited = 0; inFlight < 2 && waited < 400; waited += 10) await sleep(10);
      await sleep(20);
      inFlight -= 1;
      return new Response('OK');
    });
    const bytes = new Blob([Buffer.from('89504e47', 'hex')]);
    const uploads = (tokens: string[]) => Promise.all(tokens.map((token, index) => api.upload(token, `${slack.url}/hold/${index}`, bytes, 'publishing.publish')));
    await uploads(['xoxb-one', 'xoxb-one']);
    expect(peak).toBe(1);
    peak = 0;
    await uploads(['xoxb-one', 'xoxb-two']);
    expect(peak).toBe(2);
  });

  it('replies in the thread as the first comment, and a repeat finds its reply instead of posting again', async () => {
    const post = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Root' }));
    const reply = await publishing().comment(memoryEnv(), credentials, target, { externalData: post.externalData, text: 'Details', intentKey: 'tgt:first-comment' });
    expect(reply.permalink).toContain(`?thread_ts=${post.externalData.id}`);
    const again = await publishing().comment(memoryEnv(), credentials, target, { externalData: post.externalData, text: 'Details', intentKey: 'tgt:first-comment' });
    expect(again.id).toBe(reply.id);
    expect(slack.requests.filter((received) => received.path === '/chat.postMessage')).toHaveLength(2);
    // A reply to the reply stays in the root's thread (Slack threads are one level deep).
    const nested = await publishing().comment(memoryEnv(), credentials, target, { externalData: { id: reply.id, permalink: reply.permalink! }, text: 'More', intentKey: 'c2' });
    expect(nested.permalink).toContain(`thread_ts=${post.externalData.id}`);
    await expect(publishing().findByIntent(memoryEnv(), credentials, target, 'c2', { parent: { id: reply.id, permalink: reply.permalink! } })).resolves.toMatchObject({ externalData: { id: nested.id } });
  });

  it('edits and deletes a message by its channel and ts', async () => {
    const post = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Typo' }));
    await connector.actions!.editPost!(memoryEnv(), credentials, target, { externalId: post.externalData.id!, externalData: post.externalData, edit: { text: 'Fixed' } });
    expect(JSON.parse(slack.requests.find((received) => received.path === '/chat.update')!.text)).toEqual({ channel: CHANNEL, ts: post.externalData.id, text: 'Fixed' });
    await connector.actions!.deletePost!(memoryEnv(), credentials, target, { externalId: post.externalData.id!, externalData: post.externalData });
    const gone = await failure(connector.actions!.deletePost!(memoryEnv(), credentials, target, { externalId: post.externalData.id!, externalData: post.externalData }));
    expect(gone?.code).toBe('NOT_FOUND');
  });

  it.each([
    ['invalid_auth', 'ACCESS_REVOKED', 'RECONNECT'],
    ['token_revoked', 'ACCESS_REVOKED', 'RECONNECT'],
    ['token_expired', 'TOKEN_EXPIRED', 'RECONNECT'],
    ['missing_scope', 'PERMISSION_MISSING', 'RECONNECT'],
    ['channel_not_found', 'NOT_FOUND', 'NEVER'],
    ['not_in_channel', 'INVALID_REQUEST', 'NEVER'],
    ['internal_error', 'TRANSIENT', 'RETRY'],
    ['some_new_error', 'PERMANENT', 'NEVER'],
  ])('maps ok:false %s to %s', async (slackError, code, retryability) => {
    slack.on('POST /chat.postMessage', () => json({ ok: false, error: slackError, ...(slackError === 'missing_scope' ? { needed: 'chat:write' } : {}) }));
    const error = await failure(publishing().publish(memoryEnv(), credentials, target, request({ text: 'x' })));
    expect(error).toBeInstanceOf(PlatformError);
    expect([error!.code, error!.retryability]).toEqual([code, retryability]);
    expect(error!.meta.slackError).toBe(slackError);
    if (slackError === 'not_in_channel') expect(error!.userFacingMessage).toContain('/invite');
  });

  it('maps a ratelimited answer (HTTP 429 with Retry-After) to RATE_LIMITED with the reset', async () => {
    slack.on('POST /chat.postMessage', () => json({ ok: false, error: 'ratelimited' }, 429, { 'retry-after': '30' }));
    const before = Date.now();
    const error = await failure(publishing().publish(memoryEnv(), credentials, target, request({ text: 'x' })));
    expect(error?.code).toBe('RATE_LIMITED');
    expect(Date.parse(String(error!.meta.resetAt)) - before).toBeGreaterThanOrEqual(29_000);
    // Slack's per-channel message limit answers HTTP 200 with ok:false; still a rate limit.
    slack.on('POST /chat.postMessage', () => json({ ok: false, error: 'rate_limited' }, 200, { 'retry-after': '5' }));
    const soft = await failure(publishing().publish(memoryEnv(), credentials, target, request({ text: 'x' })));
    expect([soft?.code, soft?.meta.retryAfterSeconds]).toEqual(['RATE_LIMITED', 5]);
  });

  it('rotates the bot token with the refresh token, form-encoded with the client credentials', async () => {
    slack.on('POST /oauth.v2.access', (received) => {
      const form = new URLSearchParams(received.text);
      if (form.get('client_id') !== '123.456' || form.get('client_secret') !== 'shh') return json({ ok: false, error: 'invalid_client_id' });
      if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== 'xoxe-1-refresh') return json({ ok: false, error: 'invalid_refresh_token' });
      return json({ ok: true, access_token: 'xoxb-rotated', refresh_token: 'xoxe-1-next', expires_in: 43_200, token_type: 'bot' });
    });
    await expect(connector.auth.refresh(memoryEnv(), credentials)).resolves.toMatchObject({ accessToken: 'xoxb-rotated', refreshToken: 'xoxe-1-next' });
    const revoked = await failure(connector.auth.refresh(memoryEnv(), { accessToken: 'x', refreshToken: 'stale' }));
    expect(revoked?.code).toBe('ACCESS_REVOKED');
  });

  it('installs through Slack\'s consent page and keeps a non-rotating bot token without a refresh token', async () => {
    const connect = connector.connect as Extract<NonNullable<typeof connector.connect>, { method: 'oauth' }>;
    const url = new URL(await connect.authorizationUrl(memoryEnv(), { state: 'st', redirectUri: 'https://desk.example/connect/callback', permissions: ['profile', 'publish'] }));
    expect(`${url.origin}${url.pathname}`).toBe('https://slack.com/oauth/v2/authorize');
    expect(url.searchParams.get('scope')!.split(',')).toEqual(expect.arrayContaining(['chat:write', 'channels:history', 'files:write']));
    slack.on('POST /oauth.v2.access', (received) => {
      const form = new URLSearchParams(received.text);
      if (form.get('code') !== 'the-code' || form.get('redirect_uri') !== 'https://desk.example/connect/callback' || form.get('client_secret') !== 'shh') return json({ ok: false, error: 'invalid_code' });
      return json({ ok: true, access_token: 'xoxb-installed', token_type: 'bot', scope: 'chat:write', bot_user_id: 'U0BOT', team: { id: 'T0TEAM', name: 'Makers' } });
    });
    const tokens = await connect.exchange(memoryEnv(), { code: 'the-code', redirectUri: 'https://desk.example/connect/callback' });
    expect(tokens).toMatchObject({ accessToken: 'xoxb-installed', refreshToken: null });
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    const refused = await failure(connect.exchange(memoryEnv(), { code: 'stale', redirectUri: 'https://desk.example/connect/callback' }));
    expect(refused?.code).toBe('PERMANENT');
  });
});
