import { json, type LocalReceiver, type Received } from '../test-kit/local-receiver';

/*
 * Slack's Web API and OAuth v2 pages as documented, on a local receiver: methods check the bot
 * token, the encoding each method accepts (JSON, form, query), and answer `{ ok: false, error }`
 * with HTTP 200 as Slack does. The connector tests call the connector against it; the app tests
 * point SLACK_API_URL and SLACK_AUTHORIZE_URL at it.
 */
export const SLACK_TOKEN = 'xoxb-test-token';
export const SLACK_CLIENT_ID = '123.456';
export const SLACK_CLIENT_SECRET = 'shh';
export const SLACK_CHANNEL = 'C0123ABCDEF';
const SCOPES = 'chat:write,chat:write.customize,channels:read,groups:read,channels:history,files:write,files:read';

export type SlackMessage = { ts: string; text: string; thread_ts?: string; metadata?: unknown; username?: string; icon_url?: string };

/**
 * Installs Slack's methods on the receiver (after a `reset()`); answers what they keep: the channel's
 * messages (newest first) and the uploaded files.
 */
export function slackRoutes(slack: LocalReceiver) {
  const history: SlackMessage[] = [];
  const files = new Map<string, { name: string; length: number; received: number; shared: string | null; polls: number }>();
  let clock = 1_700_000_000;
  const nextTs = () => `${++clock}.000100`;
  const ok = (body: Record<string, unknown>) => json({ ok: true, ...body }, 200, { 'x-oauth-scopes': SCOPES });
  const fail = (error: string, extra: Record<string, unknown> = {}) => json({ ok: false, error, ...extra });
  // Every method but the upload URL needs the bot token: none is `not_authed`, another `invalid_auth`.
  const method = (line: string, route: (received: Received) => Response | Promise<Response>) =>
    slack.on(line, (received) => {
      const authorization = received.headers.get('authorization');
      if (!authorization) return fail('not_authed');
      return authorization === `Bearer ${SLACK_TOKEN}` ? route(received) : fail('invalid_auth');
    });
  const jsonBody = async (received: Received) => {
    if (!received.headers.get('content-type')?.startsWith('application/json')) return null;
    return (await received.request.json()) as Record<string, unknown>;
  };

  method('POST /auth.test', () =>
    ok({ url: 'https://makers.slack.com/', team: 'Makers', user: 'socialdesk', team_id: 'T0TEAM', user_id: 'U0BOT', bot_id: 'B0BOT' }),
  );
  method('GET /conversations.list', (received) => {
    if (received.query.get('types') !== 'public_channel,private_channel') return fail('invalid_types');
    if (!received.query.get('cursor')) {
      return ok({
        channels: [
          { id: SLACK_CHANNEL, name: 'marketing', is_private: false, is_member: true, is_archived: false },
          { id: 'C0NOTMEMBER', name: 'random', is_private: false, is_member: false, is_archived: false },
        ],
        response_metadata: { next_cursor: 'page2' },
      });
    }
    return ok({
      channels: [{ id: 'G0PRIVATE', name: 'leads', is_private: true, is_member: true, is_archived: false }],
      response_metadata: { next_cursor: '' },
    });
  });
  method('POST /chat.postMessage', async (received) => {
    const body = await jsonBody(received);
    if (!body) return fail('invalid_arguments');
    if (body.channel !== SLACK_CHANNEL) return fail('channel_not_found');
    if (!body.text && !body.blocks) return fail('no_text');
    if ((body.username || body.icon_url) && !SCOPES.includes('chat:write.customize')) return fail('missing_scope', { needed: 'chat:write.customize' });
    if (body.thread_ts && !history.some((message) => message.ts === body.thread_ts)) return fail('thread_not_found');
    const message = {
      ts: nextTs(),
      text: String(body.text),
      thread_ts: body.thread_ts as string | undefined,
      metadata: body.metadata,
      username: body.username as string | undefined,
      icon_url: body.icon_url as string | undefined,
    };
    history.unshift(message);
    return ok({ channel: SLACK_CHANNEL, ts: message.ts, message });
  });
  method('GET /chat.getPermalink', (received) => {
    const ts = received.query.get('message_ts') ?? '';
    const message = history.find((candidate) => candidate.ts === ts);
    if (!message) return fail('message_not_found');
    const thread = message.thread_ts ? `?thread_ts=${message.thread_ts}&cid=${SLACK_CHANNEL}` : '';
    return ok({ channel: SLACK_CHANNEL, permalink: `https://makers.slack.com/archives/${received.query.get('channel')}/p${ts.replace('.', '')}${thread}` });
  });
  method('GET /conversations.history', (received) => {
    const withMetadata = received.query.get('include_all_metadata') === 'true';
    return ok({
      messages: history
        .filter((message) => !message.thread_ts || message.thread_ts === message.ts)
        .map((message) => (withMetadata ? message : { ...message, metadata: undefined })),
    });
  });
  method('GET /conversations.replies', (received) => {
    const root = received.query.get('ts');
    const withMetadata = received.query.get('include_all_metadata') === 'true';
    return ok({
      messages: history
        .filter((message) => message.ts === root || message.thread_ts === root)
        .map((message) => (withMetadata ? message : { ...message, metadata: undefined })),
    });
  });
  method('POST /chat.update', async (received) => {
    const body = await jsonBody(received);
    const message = history.find((candidate) => candidate.ts === body?.ts);
    if (!body || body.channel !== SLACK_CHANNEL || !message) return fail('message_not_found');
    message.text = String(body.text);
    return ok({ channel: SLACK_CHANNEL, ts: message.ts, text: message.text });
  });
  method('POST /chat.delete', async (received) => {
    const body = await jsonBody(received);
    const index = history.findIndex((candidate) => candidate.ts === body?.ts);
    if (!body || index < 0) return fail('message_not_found');
    history.splice(index, 1);
    return ok({ channel: SLACK_CHANNEL, ts: body.ts });
  });
  method('POST /files.getUploadURLExternal', (received) => {
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
  method('POST /files.completeUploadExternal', async (received) => {
    const body = await jsonBody(received);
    const listed = (body?.files ?? []) as { id: string }[];
    if (!body || listed.length === 0) return fail('invalid_arguments');
    if (body.channel_id !== SLACK_CHANNEL) return fail('channel_not_found');
    for (const { id } of listed) {
      const file = files.get(id);
      if (!file || file.received !== file.length) return fail('file_not_found');
    }
    const message = { ts: nextTs(), text: String(body.initial_comment ?? '') };
    history.unshift(message);
    for (const { id } of listed) files.get(id)!.shared = message.ts;
    return ok({ files: listed.map(({ id }) => ({ id, title: files.get(id)!.name })) });
  });
  method('GET /files.info', (received) => {
    const file = files.get(received.query.get('file') ?? '');
    if (!file) return fail('file_not_found');
    // Slack shares asynchronously: the first look shows no shares yet.
    file.polls += 1;
    return ok({
      file: {
        id: received.query.get('file'),
        name: file.name,
        shares: file.polls > 1 && file.shared ? { public: { [SLACK_CHANNEL]: [{ ts: file.shared }] } } : {},
      },
    });
  });
  slackOAuthRoutes(slack);
  return { history, files };
}

/**
 * Installing the app (https://api.slack.com/authentication/oauth-v2): the consent page, where the
 * person approves for their workspace, sends them to `redirect_uri` with `code` and `state`;
 * `oauth.v2.access` takes the code, form-encoded with the client credentials and the same
 * `redirect_uri`, once, and answers the workspace's bot token (not rotating: no refresh token).
 */
function slackOAuthRoutes(slack: LocalReceiver) {
  const codes = new Map<string, string>();
  slack.on('GET /oauth/v2/authorize', (received) => {
    const query = received.query;
    const redirect = query.get('redirect_uri');
    if (query.get('client_id') !== SLACK_CLIENT_ID || !redirect || !(query.get('scope') ?? '').split(',').includes('chat:write'))
      return new Response('invalid_client_id or bad scope', { status: 400 });
    const code = `code-${codes.size + 1}`;
    codes.set(code, redirect);
    const back = new URL(redirect);
    back.search = new URLSearchParams({ code, state: query.get('state') ?? '' }).toString();
    return new Response(null, { status: 302, headers: { location: back.toString() } });
  });
  slack.on('POST /oauth.v2.access', (received) => {
    const form = new URLSearchParams(received.text);
    if (received.headers.get('content-type') !== 'application/x-www-form-urlencoded') return json({ ok: false, error: 'invalid_arguments' });
    if (form.get('client_id') !== SLACK_CLIENT_ID || form.get('client_secret') !== SLACK_CLIENT_SECRET) return json({ ok: false, error: 'invalid_client_id' });
    const code = form.get('code') ?? '';
    if (codes.get(code) !== form.get('redirect_uri')) return json({ ok: false, error: codes.has(code) ? 'bad_redirect_uri' : 'invalid_code' });
    codes.delete(code);
    return json({
      ok: true,
      access_token: SLACK_TOKEN,
      token_type: 'bot',
      scope: SCOPES,
      bot_user_id: 'U0BOT',
      app_id: 'A0APP',
      team: { id: 'T0TEAM', name: 'Makers' },
    });
  });
}
