import { json, type LocalReceiver, type Received } from '../../test-kit/local-receiver';
import { authenticate, fieldsOf, graphError, paramsOf } from './graph-rules';
import { checkSendBody, sendApiError, type SendBody } from './send-api-rules';
import type { MetaWorld, StandInToken } from './stand-in-world';
import { MessagingWorld, type StandInComment, type StandInConversation, type StandInMessage } from './messaging-world';

/**
 * The Messenger Platform and Instagram messaging endpoints the inbound slice uses, on both Graph
 * hosts (decision 075), checked as Meta documents them:
 * - `POST|DELETE /{page-id}/subscribed_apps` (Page token, `pages_manage_metadata`, Page fields) and
 *   `POST|DELETE /me/subscribed_apps` on graph.instagram.com (Instagram fields);
 * - `POST /{page-id}/messages` and `POST /me/messages` on graph.instagram.com: the Send API
 *   (`send-api-rules.ts`), private replies, sender actions;
 * - `GET /{page-id}/conversations?platform=…` and `GET /me/conversations`: threads with their
 *   latest messages;
 * - `GET /{media-or-post-id}/comments`: the comments of one of the account's posts.
 */
const PAGE_FIELDS = new Set([
  'feed',
  'messages',
  'messaging_postbacks',
  'message_reactions',
  'message_reads',
  'message_deliveries',
  'message_echoes',
  'messaging_referrals',
  'messaging_optins',
  'ratings',
  'mention',
]);
const INSTAGRAM_FIELDS = new Set([
  'comments',
  'live_comments',
  'mentions',
  'messages',
  'messaging_postbacks',
  'message_reactions',
  'messaging_seen',
  'messaging_referral',
  'messaging_optins',
  'message_edit',
  'story_insights',
]);

type Host = 'facebook' | 'instagram';

/** Who a token acts for: the Page (and its Instagram account), or the Instagram Login account. */
type Actor = { node: string; accounts: { id: string; network: 'messenger' | 'instagram' }[]; token: StandInToken };

const MESSAGING_SCOPES: Record<'messenger' | 'instagram-page' | 'instagram-login', string> = {
  messenger: 'pages_messaging',
  'instagram-page': 'instagram_manage_messages',
  'instagram-login': 'instagram_business_manage_messages',
};

export function messagingRoutes(hosts: { facebook: LocalReceiver; instagram: LocalReceiver }, world: MetaWorld, version: string): void {
  for (const host of ['facebook', 'instagram'] as const) {
    const receiver = hosts[host];
    const guard = async (received: Received, node: string) => {
      const fault = world.takeFault(host);
      if (fault) return json(fault.body, fault.status, fault.headers);
      const params = await paramsOf(received);
      const token = authenticate(world, host, params, received);
      if (token instanceof Response) return token;
      const actor = actorOf(world, host, token, node);
      if (!actor) return unsupported(node);
      return { params, actor };
    };
    const nodeOf = (received: Received) => received.path.split('/')[2]!;

    const subscription = async (received: Received) => {
      const checked = await guard(received, nodeOf(received));
      if (checked instanceof Response) return checked;
      const { params, actor } = checked;
      const owner = host === 'facebook' ? actor.node : actor.accounts[0]!.id;
      if (host === 'facebook' && !actor.token.scopes.includes('pages_manage_metadata')) return missing('pages_manage_metadata');
      if (received.method === 'DELETE') {
        world.messaging.subscriptions.delete(owner);
        return json({ success: true });
      }
      const fields = (params.get('subscribed_fields') ?? '').split(',').filter(Boolean);
      const known = host === 'facebook' ? PAGE_FIELDS : INSTAGRAM_FIELDS;
      if (fields.length === 0) return graphError({ message: '(#100) The parameter subscribed_fields is required.', type: 'OAuthException', code: 100 });
      const unknown = fields.find((field) => !known.has(field));
      if (unknown)
        return graphError({
          message: `(#100) Param subscribed_fields must be one of {${[...known].join(', ')}} - got "${unknown}".`,
          type: 'OAuthException',
          code: 100,
        });
      world.messaging.subscriptions.set(owner, fields);
      return json({ success: true });
    };
    receiver.on(`POST /${version}/:node/subscribed_apps`, subscription);
    receiver.on(`DELETE /${version}/:node/subscribed_apps`, subscription);

    receiver.on(`POST /${version}/:node/messages`, async (received) => {
      const checked = await guard(received, nodeOf(received));
      if (checked instanceof Response) return checked;
      const body = await bodyOf(received, checked.params);
      if (body instanceof Response) return body;
      return sendApi(world, host, checked.actor, body);
    });

    receiver.on(`GET /${version}/:node/conversations`, async (received) => {
      const checked = await guard(received, nodeOf(received));
      if (checked instanceof Response) return checked;
      const { params, actor } = checked;
      const platform = params.get('platform');
      if (host === 'facebook' && platform !== 'messenger' && platform !== 'instagram')
        return graphError({ message: '(#100) The parameter platform is required', type: 'OAuthException', code: 100 });
      const network = host === 'instagram' ? 'instagram' : platform;
      const account = actor.accounts.find((candidate) => candidate.network === network);
      if (!account) return graphError({ message: '(#100) This Page has no Instagram account linked', type: 'OAuthException', code: 100 });
      const scope = messagingScope(host, account.network);
      if (!actor.token.scopes.includes(scope)) return permissionError(scope);
      const userId = params.get('user_id');
      const withMessages = fieldsOf(params, ['id']).includes('messages');
      const threads = world.messaging.conversations
        .filter((thread) => thread.account === account.id && (!userId || thread.person.id === userId) && thread.messages.length > 0)
        .sort((a, b) => lastAt(b) - lastAt(a))
        .slice(0, Number(params.get('limit') ?? '25'));
      return json({
        data: threads.map((thread) => ({
          id: thread.id,
          updated_time: graphTime(lastAt(thread)),
          ...(withMessages
            ? {
                messages: {
                  data: [...thread.messages]
                    .reverse()
                    .slice(0, 20)
                    .map((message) => graphMessage(thread, message, network)),
                },
              }
            : {}),
        })),
      });
    });

    receiver.on(`GET /${version}/:node/comments`, async (received) => {
      const node = nodeOf(received);
      // Posts this module does not know are another slice's (the reading slice's engagement world).
      const owner = world.messaging.posts.get(node);
      if (!owner) return null;
      const comments = world.messaging.comments.filter((comment) => comment.postId === node);
      const checked = await guard(received, host === 'instagram' ? 'me' : (ownerPage(world, owner) ?? node));
      if (checked instanceof Response) return checked;
      const { actor } = checked;
      if (!actor.accounts.some((account) => account.id === owner)) return unsupported(node);
      const network = actor.accounts.find((account) => account.id === owner)!.network;
      const readScope =
        host === 'instagram' ? 'instagram_business_manage_comments' : network === 'instagram' ? 'instagram_manage_comments' : 'pages_read_user_content';
      if (!actor.token.scopes.includes(readScope)) return permissionError(readScope);
      const data = [...comments].sort((a, b) => b.at - a.at).map((comment) => graphComment(comment, network));
      return json({ data, paging: { cursors: { before: 'MA', after: 'MA' } } });
    });
  }
}

function actorOf(world: MetaWorld, host: Host, token: StandInToken, node: string): Actor | null {
  if (host === 'instagram') {
    if (node !== 'me' && node !== token.subject) return null;
    return { node: token.subject, accounts: [{ id: token.subject, network: 'instagram' }], token };
  }
  if (token.kind !== 'page') return null;
  const page = world.pages.find((candidate) => candidate.id === token.subject);
  if (!page || (node !== 'me' && node !== page.id)) return null;
  return {
    node: page.id,
    accounts: [{ id: page.id, network: 'messenger' }, ...(page.instagram ? [{ id: page.instagram.id, network: 'instagram' as const }] : [])],
    token,
  };
}

const ownerPage = (world: MetaWorld, account: string | null) =>
  account ? (world.pages.find((page) => page.id === account || page.instagram?.id === account)?.id ?? null) : null;

function messagingScope(host: Host, network: 'messenger' | 'instagram'): string {
  if (host === 'instagram') return MESSAGING_SCOPES['instagram-login'];
  return network === 'messenger' ? MESSAGING_SCOPES.messenger : MESSAGING_SCOPES['instagram-page'];
}

/** The Send API: a message or sender action to a person, or a private reply to a comment. */
function sendApi(world: MetaWorld, host: Host, actor: Actor, body: SendBody): Response {
  const messaging = world.messaging;
  const recipient = body.recipient;
  if (!recipient || typeof recipient !== 'object') return sendApiError('(#100) The parameter recipient is required', 100);

  if (typeof recipient.comment_id === 'string') {
    const comment = messaging.comments.find((candidate) => candidate.id === recipient.comment_id);
    const account = comment && actor.accounts.find((candidate) => candidate.id === comment.account);
    if (!comment || !account) return sendApiError(`(#100) No matching comment found for ${recipient.comment_id}`, 100, 2018001);
    const scope = messagingScope(host, account.network);
    if (!actor.token.scopes.includes(scope)) return permissionError(scope);
    if (comment.privateReplyId) return sendApiError('(#10900) Activity already replied to', 10900);
    if (world.now() - comment.at > 7 * 86_400_000) return sendApiError('(#100) The comment is older than 7 days and can no longer get a private reply', 100);
    const problem = checkSendBody(body, account.network, { privateReply: true });
    if (problem) return problem;
    // The reply opens (or joins) the person's DM thread, under their messaging id (PSID or IGSID).
    const person = { id: comment.from.messagingId ?? comment.from.id, name: comment.from.name, username: comment.from.username };
    const thread = messaging.conversation(account.id, person);
    const sent: StandInMessage = {
      id: MessagingWorld.mid(),
      from: account.id,
      to: person.id,
      text: typeof body.message?.text === 'string' ? body.message.text : null,
      attachments: [],
      at: world.now(),
      metadata: typeof body.message?.metadata === 'string' ? body.message.metadata : null,
      sent: body.message,
      privateReplyTo: comment.id,
    };
    thread.messages.push(sent);
    comment.privateReplyId = sent.id;
    return json({ recipient_id: person.id, message_id: sent.id });
  }

  if (typeof recipient.id !== 'string') return sendApiError('(#100) recipient must have an id or a comment_id', 100);
  const found = findThread(messaging, actor, recipient.id);
  if (!found) return sendApiError('(#100) No matching user found', 100, 2018001);
  const { thread, network } = found;
  const scope = messagingScope(host, network);
  if (!actor.token.scopes.includes(scope)) return permissionError(scope);

  if (body.sender_action !== undefined) {
    if (body.message !== undefined) return sendApiError('(#100) sender_action cannot be sent with message', 100);
    const actions = network === 'instagram' ? ['mark_seen', 'typing_on', 'typing_off', 'react', 'unreact'] : ['mark_seen', 'typing_on', 'typing_off'];
    if (!actions.includes(String(body.sender_action))) return sendApiError(`(#100) param sender_action must be one of {${actions.join(', ')}}`, 100);
    if (body.sender_action === 'react' || body.sender_action === 'unreact') {
      const payload = body.payload as { message_id?: unknown; reaction?: unknown } | undefined;
      if (!thread.messages.some((message) => message.id === payload?.message_id)) return sendApiError('(#100) The message_id is not in this conversation', 100);
      if (body.sender_action === 'react' && payload?.reaction !== 'love') return sendApiError('(#100) reaction must be "love"', 100);
    }
    return json({ recipient_id: thread.person.id });
  }

  if (network === 'messenger') {
    const type = body.messaging_type;
    if (type !== 'RESPONSE' && type !== 'UPDATE' && type !== 'MESSAGE_TAG')
      return sendApiError('(#100) messaging_type must be one of RESPONSE, UPDATE, MESSAGE_TAG', 100);
    if (
      type === 'MESSAGE_TAG' &&
      body.tag !== 'HUMAN_AGENT' &&
      body.tag !== 'ACCOUNT_UPDATE' &&
      body.tag !== 'CONFIRMED_EVENT_UPDATE' &&
      body.tag !== 'POST_PURCHASE_UPDATE'
    )
      return sendApiError('(#100) A MESSAGE_TAG send needs a valid tag', 100);
  } else if (
    body.messaging_type !== undefined &&
    body.messaging_type !== 'RESPONSE' &&
    !(body.messaging_type === 'MESSAGE_TAG' && body.tag === 'HUMAN_AGENT')
  ) {
    // Instagram's Send API: a RESPONSE, or a human agent's reply (`MESSAGE_TAG` with `HUMAN_AGENT`, its only tag).
    return sendApiError('(#100) messaging_type must be RESPONSE, or MESSAGE_TAG with the HUMAN_AGENT tag', 100);
  }
  if (body.tag !== undefined && body.messaging_type !== 'MESSAGE_TAG') return sendApiError('(#100) A tag needs messaging_type MESSAGE_TAG', 100);
  // The tag needs the Human Agent permission, granted to the app by App Review.
  if (body.tag === 'HUMAN_AGENT' && !messaging.humanAgentApps.has(actor.token.product))
    return sendApiError('(#10) This message is sent outside of allowed window. You need Human Agent permission to be able to do it.', 10, 2018065);
  // RESPONSE and UPDATE: 24 hours after the person's last message; the human agent tag: 7 days.
  const days = body.tag === 'HUMAN_AGENT' ? 7 : 1;
  if (!messaging.withinWindow(thread, days)) {
    return network === 'messenger'
      ? sendApiError('(#10) This message is sent outside of allowed window.', 10, 2018278)
      : sendApiError('(#10) This message is sent outside of allowed window.', 10, 2534022);
  }
  const problem = checkSendBody(body, network, { privateReply: false });
  if (problem) return problem;
  const message = body.message!;
  const sent: StandInMessage = {
    id: MessagingWorld.mid(),
    from: thread.account,
    to: thread.person.id,
    text: typeof message.text === 'string' ? message.text : null,
    attachments: [],
    at: world.now(),
    metadata: typeof message.metadata === 'string' ? message.metadata : null,
    sent: message,
  };
  thread.messages.push(sent);
  return json({ recipient_id: thread.person.id, message_id: sent.id });
}

function findThread(messaging: MessagingWorld, actor: Actor, personId: string): { thread: StandInConversation; network: 'messenger' | 'instagram' } | null {
  for (const account of actor.accounts) {
    const thread = messaging.conversations.find((candidate) => candidate.account === account.id && candidate.person.id === personId);
    if (thread) return { thread, network: account.network };
  }
  return null;
}

/** The Send API's JSON body; a form body's values are JSON-encoded objects. */
async function bodyOf(received: Received, params: URLSearchParams): Promise<SendBody | Response> {
  const type = received.headers.get('content-type') ?? '';
  try {
    if (type.startsWith('application/json')) return JSON.parse(received.text) as SendBody;
    const body: Record<string, unknown> = {};
    for (const key of ['recipient', 'message', 'messaging_type', 'tag', 'sender_action', 'payload']) {
      const value = params.get(key);
      if (value === null) continue;
      body[key] = value.startsWith('{') ? JSON.parse(value) : value;
    }
    return body as SendBody;
  } catch {
    return sendApiError('(#100) The request body could not be read as JSON', 100);
  }
}

const lastAt = (thread: StandInConversation) => thread.messages[thread.messages.length - 1]?.at ?? 0;

/** Graph's time format: `2026-11-28T08:10:25+0000`. */
const graphTime = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, '+0000');

function graphMessage(thread: StandInConversation, message: StandInMessage, network: string | null) {
  const party = (id: string) =>
    id === thread.person.id ? { id, ...(network === 'instagram' ? { username: thread.person.username } : { name: thread.person.name }) } : { id };
  return {
    id: message.id,
    created_time: graphTime(message.at),
    from: party(message.from),
    to: { data: [party(message.to)] },
    message: message.text ?? '',
    ...(message.attachments.length
      ? { attachments: { data: message.attachments.map((item) => (item.type === 'image' ? { image_data: { url: item.url } } : { file_url: item.url })) } }
      : {}),
  };
}

function graphComment(comment: StandInComment, network: 'messenger' | 'instagram') {
  if (network === 'instagram') {
    return {
      id: comment.id,
      text: comment.text,
      timestamp: graphTime(comment.at),
      from: { id: comment.from.id, username: comment.from.username },
      username: comment.from.username,
      ...(comment.parentId ? { parent_id: comment.parentId } : {}),
    };
  }
  return {
    id: comment.id,
    message: comment.text,
    created_time: graphTime(comment.at),
    from: { id: comment.from.id, name: comment.from.name },
    ...(comment.parentId ? { parent: { id: comment.parentId } } : {}),
  };
}

const unsupported = (id: string) =>
  graphError({
    message: `Unsupported request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });

const missing = (permission: string) =>
  graphError({ message: `(#200) Requires ${permission} permission to manage the object`, type: 'OAuthException', code: 200 });

/** Messaging without its permission: Meta's code 230. */
const permissionError = (permission: string) =>
  graphError({ message: `(#230) Requires ${permission} permission to manage the object`, type: 'OAuthException', code: 230 });
