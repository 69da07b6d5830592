import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../../platform-error';
import { LiveHttpClient } from '../live-http';
import { json, startLocalReceiver, type LocalReceiver } from '../test-kit/local-receiver';
import { medium, memoryEnv } from '../test-kit/memory-env';
import { SlackApi } from './slack-api';
import { slackConnector } from './slack-connector';
import { SLACK_CHANNEL, SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_TOKEN, slackRoutes } from './slack-test-kit';

/*
 * The connector against Slack's documented Web API on a local receiver (`slack-test-kit.ts`), which
 * checks each method's token and encoding and answers `ok: false` errors as Slack does.
 */
let slack: LocalReceiver;
let connector: ReturnType<typeof slackConnector>;
const credentials = { accessToken: SLACK_TOKEN, refreshToken: 'xoxe-1-refresh' };
const target = { externalId: 'U0BOT', selectedChannelId: null };

beforeAll(async () => {
  slack = await startLocalReceiver();
  connector = slackConnector({
    http: new LiveHttpClient({ timeoutMs: 2_000, retries: 1, concurrencyPerAccount: 2 }),
    clientId: SLACK_CLIENT_ID,
    clientSecret: SLACK_CLIENT_SECRET,
    apiBase: slack.url,
    shareWait: { attempts: 5, intervalMs: 10 },
  });
});
afterAll(() => slack.close());
beforeEach(() => {
  slack.reset();
  slackRoutes(slack);
});

const publishing = () => connector.publishing!;
const request = (options: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  intentKey: 'target_1:1',
  options,
  media: [],
  channelId: SLACK_CHANNEL,
  ...extra,
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as PlatformError,
  );

describe('Slack live connector', () => {
  it('reads the bot user, its permissions from the granted scopes, and the channels it can post to', async () => {
    const { profile, permissions } = await connector.profile.fetch(memoryEnv(), credentials);
    expect(profile).toMatchObject({ externalId: 'U0BOT', username: 'socialdesk', displayName: 'Makers', attributes: { workspace: 'T0TEAM' } });
    expect(permissions).toEqual(['profile', 'publish', 'comments']);
    const channels = await connector.profile.listChannels(memoryEnv(), credentials);
    // Paged; not #random, where the bot is no member and may not post without chat:write.public.
    expect(channels.map((channel) => channel.id)).toEqual([SLACK_CHANNEL, 'G0PRIVATE']);
  });

  it('posts a message as JSON with blocks, the name and icon overrides and its intent in the metadata', async () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Launch*' } }];
    const result = await publishing().publish(
      memoryEnv(),
      credentials,
      target,
      request({ text: 'Launch', blocks, username: 'Release', avatarUrl: 'https://example.com/i.png' }),
    );
    expect(result.externalData).toEqual({
      id: '1700000001.000100',
      channelId: SLACK_CHANNEL,
      permalink: `https://makers.slack.com/archives/${SLACK_CHANNEL}/p1700000001000100`,
    });
    const sent = JSON.parse(slack.requests.find((received) => received.path === '/chat.postMessage')!.text) as Record<string, unknown>;
    expect(sent).toMatchObject({
      channel: SLACK_CHANNEL,
      text: 'Launch',
      blocks,
      username: 'Release',
      icon_url: 'https://example.com/i.png',
      metadata: { event_type: 'socialdesk_publish', event_payload: { intent_key: 'target_1:1' } },
    });
  });

  it('finds what an interrupted attempt posted by the intent in the message metadata', async () => {
    const posted = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Once' }, { intentKey: 'tgt_9:2' }));
    await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Another' }, { intentKey: 'tgt_10:1' }));
    await expect(publishing().findByIntent(memoryEnv(), credentials, target, 'tgt_9:2', { channelId: SLACK_CHANNEL })).resolves.toEqual(posted);
    await expect(publishing().findByIntent(memoryEnv(), credentials, target, 'tgt_11:1', { channelId: SLACK_CHANNEL })).resolves.toBeNull();
  });

  it('uploads files through the external upload flow and reads the message from the file shares', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
    const result = await publishing().publish(
      memoryEnv({ 'org/a.png': png }),
      credentials,
      target,
      request({ text: 'With a picture' }, { media: [medium('org/a.png', png, 'image/png')] }),
    );
    expect(result.externalData.channelId).toBe(SLACK_CHANNEL);
    expect(slack.requests.map((received) => `${received.method} ${received.path}`)).toEqual([
      'POST /files.getUploadURLExternal',
      'POST /upload/F01',
      'POST /files.completeUploadExternal',
      'GET /files.info',
      'GET /files.info',
      'GET /chat.getPermalink',
    ]);
    const complete = JSON.parse(slack.requests[2]!.text) as Record<string, unknown>;
    expect(complete).toEqual({ files: [{ id: 'F01', title: 'a.png' }], channel_id: SLACK_CHANNEL, initial_comment: 'With a picture' });
    expect(new URLSearchParams(slack.requests[0]!.text).get('length')).toBe(String(png.length));
  });

  it('sends the blocks of a message with files, and refuses what the file upload cannot carry instead of dropping it', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
    const env = () => memoryEnv({ 'org/a.png': png });
    const media = [medium('org/a.png', png, 'image/png')];
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Launch*' } }];
    await publishing().publish(env(), credentials, target, request({ blocks }, { media }));
    const complete = JSON.parse(slack.requests.find((received) => received.path === '/files.completeUploadExternal')!.text) as Record<string, unknown>;
    expect(complete).toEqual({ files: [{ id: 'F01', title: 'a.png' }], channel_id: SLACK_CHANNEL, blocks });
    for (const options of [
      { text: 'Hi', username: 'Release' },
      { text: 'Hi', avatarUrl: 'https://example.com/i.png' },
      { text: 'Hi', blocks },
    ]) {
      slack.requests.length = 0;
      const refused = await failure(publishing().publish(env(), credentials, target, request(options, { media })));
      expect([refused?.code, refused?.retryability]).toEqual(['INVALID_REQUEST', 'NEVER']);
      expect(slack.requests).toEqual([]);
    }
  });

  it("limits file uploads per account: another account's upload does not wait for this one's", async () => {
    // One call at a time per account; the upload URL holds each request until a second one arrives (or 400 ms pass).
    const api = new SlackApi({
      http: new LiveHttpClient({ timeoutMs: 2_000, retries: 0, concurrencyPerAccount: 1 }),
      clientId: '123.456',
      clientSecret: 'shh',
      apiBase: slack.url,
    });
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
    const uploads = (tokens: string[]) =>
      Promise.all(tokens.map((token, index) => api.upload(token, `${slack.url}/hold/${index}`, bytes, 'publishing.publish')));
    await uploads(['xoxb-one', 'xoxb-one']);
    expect(peak).toBe(1);
    peak = 0;
    await uploads(['xoxb-one', 'xoxb-two']);
    expect(peak).toBe(2);
  });

  it('replies in the thread as the first comment, and a repeat finds its reply instead of posting again', async () => {
    const post = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Root' }));
    const reply = await publishing().comment(memoryEnv(), credentials, target, {
      externalData: post.externalData,
      text: 'Details',
      intentKey: 'tgt:first-comment',
    });
    expect(reply.permalink).toContain(`?thread_ts=${post.externalData.id}`);
    const again = await publishing().comment(memoryEnv(), credentials, target, {
      externalData: post.externalData,
      text: 'Details',
      intentKey: 'tgt:first-comment',
    });
    expect(again.id).toBe(reply.id);
    expect(slack.requests.filter((received) => received.path === '/chat.postMessage')).toHaveLength(2);
    // A reply to the reply stays in the root's thread (Slack threads are one level deep).
    const nested = await publishing().comment(memoryEnv(), credentials, target, {
      externalData: { id: reply.id, permalink: reply.permalink! },
      text: 'More',
      intentKey: 'c2',
    });
    expect(nested.permalink).toContain(`thread_ts=${post.externalData.id}`);
    await expect(
      publishing().findByIntent(memoryEnv(), credentials, target, 'c2', { parent: { id: reply.id, permalink: reply.permalink! } }),
    ).resolves.toMatchObject({ externalData: { id: nested.id } });
  });

  it('edits and deletes a message by its channel and ts', async () => {
    const post = await publishing().publish(memoryEnv(), credentials, target, request({ text: 'Typo' }));
    await connector.actions!.editPost!(memoryEnv(), credentials, target, {
      externalId: post.externalData.id!,
      externalData: post.externalData,
      edit: { text: 'Fixed' },
    });
    expect(JSON.parse(slack.requests.find((received) => received.path === '/chat.update')!.text)).toEqual({
      channel: SLACK_CHANNEL,
      ts: post.externalData.id,
      text: 'Fixed',
    });
    await connector.actions!.deletePost!(memoryEnv(), credentials, target, { externalId: post.externalData.id!, externalData: post.externalData });
    const gone = await failure(
      connector.actions!.deletePost!(memoryEnv(), credentials, target, { externalId: post.externalData.id!, externalData: post.externalData }),
    );
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
      if (form.get('client_id') !== SLACK_CLIENT_ID || form.get('client_secret') !== SLACK_CLIENT_SECRET)
        return json({ ok: false, error: 'invalid_client_id' });
      if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== 'xoxe-1-refresh')
        return json({ ok: false, error: 'invalid_refresh_token' });
      return json({ ok: true, access_token: 'xoxb-rotated', refresh_token: 'xoxe-1-next', expires_in: 43_200, token_type: 'bot' });
    });
    await expect(connector.auth.refresh(memoryEnv(), credentials)).resolves.toMatchObject({ accessToken: 'xoxb-rotated', refreshToken: 'xoxe-1-next' });
    const revoked = await failure(connector.auth.refresh(memoryEnv(), { accessToken: 'x', refreshToken: 'stale' }));
    expect(revoked?.code).toBe('ACCESS_REVOKED');
  });

  it("installs through Slack's consent page and keeps a non-rotating bot token without a refresh token", async () => {
    const connect = connector.connect as Extract<NonNullable<typeof connector.connect>, { method: 'oauth' }>;
    const url = new URL(
      await connect.authorizationUrl(memoryEnv(), { state: 'st', redirectUri: 'https://desk.example/connect/callback', permissions: ['profile', 'publish'] }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://slack.com/oauth/v2/authorize');
    expect(url.searchParams.get('scope')!.split(',')).toEqual(expect.arrayContaining(['chat:write', 'channels:history', 'files:write']));
    slack.on('POST /oauth.v2.access', (received) => {
      const form = new URLSearchParams(received.text);
      if (
        form.get('code') !== 'the-code' ||
        form.get('redirect_uri') !== 'https://desk.example/connect/callback' ||
        form.get('client_secret') !== SLACK_CLIENT_SECRET
      )
        return json({ ok: false, error: 'invalid_code' });
      return json({
        ok: true,
        access_token: 'xoxb-installed',
        token_type: 'bot',
        scope: 'chat:write',
        bot_user_id: 'U0BOT',
        team: { id: 'T0TEAM', name: 'Makers' },
      });
    });
    const tokens = await connect.exchange(memoryEnv(), { code: 'the-code', redirectUri: 'https://desk.example/connect/callback' });
    expect(tokens).toMatchObject({ accessToken: 'xoxb-installed', refreshToken: null });
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    const refused = await failure(connect.exchange(memoryEnv(), { code: 'stale', redirectUri: 'https://desk.example/connect/callback' }));
    expect(refused?.code).toBe('PERMANENT');
  });
});
