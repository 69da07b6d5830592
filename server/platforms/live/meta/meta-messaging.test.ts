import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../comments/comments-test-kit';
import { runAutomationExecutionJob } from '../../../automations/executor/executor.jobs';
import { conversations, messages } from '../../../db/schema/inbox';
import { reconcilePendingMessages } from '../../../inbox/reconcile-pending-messages';
import { dispatchInboundEventJob } from '../../../ingest/ingest.jobs';
import { createTestApp } from '../../../test/test-app';
import { commentDelivery, messageDelivery, messagingDelivery } from './graph-stand-in/webhook-delivery';
import { messagingAccount, publishedOn, signedDelivery } from './meta-inbound-test-kit';
import { META_APPS, received, startMetaStandIn } from './meta-test-kit';

/**
 * DMs sent from live Facebook Pages and Instagram accounts (decision 075): the inbox's send, an
 * automation's private reply to a comment that arrived by webhook, read markers and reactions, and
 * the reconciler finding an interrupted send on Meta. The stand-in checks each Send API request as
 * documented (recipient, messaging_type, the 24-hour window, message shapes, one private reply per
 * comment, the HUMAN_AGENT tag only for an app approved for it and within 7 days) and answers
 * Meta's error payloads. The app here says Meta approved it for Human Agent (`META_HUMAN_AGENT`).
 */
const PUBLIC_URL = 'https://desk.example';
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
afterAll(() => meta.close());
const t = await createTestApp({
  env: { LIVE_PLATFORMS: 'FACEBOOK,INSTAGRAM', PUBLIC_URL, META_WEBHOOK_VERIFY_TOKEN: 'verify-me-please', META_HUMAN_AGENT: 'true', ...meta.env },
  work: true,
  workOnly: [dispatchInboundEventJob, runAutomationExecutionJob],
});
beforeEach(() => meta.reset());

const lina = { id: '7000000000000202', name: 'Lina Park', username: 'lina.park' };
type Body = { recipient: Record<string, string>; messaging_type?: string; message?: Record<string, unknown>; sender_action?: string };
const sendApiBodies = (host: Parameters<typeof received>[0], path: string) => received(host, path).map((request) => JSON.parse(request.text) as Body);

describe('replies from the inbox', { timeout: 60_000 }, () => {
  it('answers an Instagram DM through its Page with quick replies, marks it seen and reacts', async () => {
    const account = await messagingAccount(t, meta, 'INSTAGRAM_VIA_PAGE');
    const message = meta.world.messaging.personWrites(account.externalId, lina, 'When do you open?');
    await signedDelivery(t, META_APPS.facebook.secret)(messageDelivery('instagram', account.externalId, message));
    const conversation = await account.conversationWith(lina.id);

    const sent = await t.request('POST', `/conversations/${conversation!.id}/messages`, {
      key: account.key,
      body: { content: { text: 'At 7. Anything else?', quickReplies: [{ label: 'Prices', payload: 'PRICES' }] } },
    });
    expect(sent.status, sent.text).toBe(200);
    const [body] = sendApiBodies(meta.hosts.facebookGraph, '/104000000000001/messages');
    expect(body).toEqual({
      recipient: { id: lina.id },
      messaging_type: 'RESPONSE',
      message: { text: 'At 7. Anything else?', quick_replies: [{ content_type: 'text', title: 'Prices', payload: 'PRICES' }] },
    });
    const stored = meta.world.messaging.sentBy(account.externalId)[0]!;
    expect(sent.json.message).toMatchObject({ status: 'SENT', externalMessageId: stored.id, direction: 'OUTBOUND' });

    expect((await t.request('POST', `/conversations/${conversation!.id}/read`, { key: account.key, body: {} })).status).toBe(200);
    const reacted = await t.request('POST', `/conversations/${conversation!.id}/messages/${(await account.thread(conversation!.id))[0]!.id}/reaction`, {
      key: account.key,
      body: { action: 'REACT', reaction: 'love' },
    });
    expect(reacted.status, reacted.text).toBe(200);
    const actions = sendApiBodies(meta.hosts.facebookGraph, '/104000000000001/messages').map((item) => item.sender_action);
    expect(actions).toEqual([undefined, 'mark_seen', 'react']);
  });

  it('sends a Page’s buttons and carousel as Messenger templates, with the intent in metadata', async () => {
    const account = await messagingAccount(t, meta, 'FACEBOOK');
    const message = meta.world.messaging.personWrites(account.externalId, lina, 'Menu?');
    await signedDelivery(t, META_APPS.facebook.secret)(messageDelivery('page', account.externalId, message));
    const conversation = await account.conversationWith(lina.id);
    const sent = await t.request('POST', `/conversations/${conversation!.id}/messages`, {
      key: account.key,
      body: {
        content: {
          text: 'Here it is',
          buttons: [
            { type: 'URL', label: 'Full menu', url: 'https://bakery.example/menu' },
            { type: 'PHONE', label: 'Call us', phoneNumber: '+351 210 000 000' },
          ],
        },
      },
    });
    expect(sent.status, sent.text).toBe(200);
    const [body] = sendApiBodies(meta.hosts.facebookGraph, '/104000000000001/messages');
    expect(body!.message).toEqual({
      attachment: {
        type: 'template',
        payload: {
          template_type: 'button',
          text: 'Here it is',
          buttons: [
            { type: 'web_url', title: 'Full menu', url: 'https://bakery.example/menu' },
            { type: 'phone_number', title: 'Call us', payload: '+351 210 000 000' },
          ],
        },
      },
      metadata: `socialdesk:dm:${sent.json.message.id}`,
    });

    const carousel = await t.request('POST', `/conversations/${conversation!.id}/messages`, {
      key: account.key,
      body: {
        content: {
          carousel: {
            cards: [
              {
                title: 'Sourdough',
                subtitle: '4 €',
                imageUrl: 'https://bakery.example/sourdough.jpg',
                buttons: [{ type: 'POSTBACK', label: 'Order', payload: 'ORDER_1' }],
              },
              { title: 'Croissant', subtitle: '2 €' },
            ],
          },
        },
      },
    });
    expect(carousel.status, carousel.text).toBe(200);
    const last = sendApiBodies(meta.hosts.facebookGraph, '/104000000000001/messages').at(-1)!;
    expect(last.message!.attachment).toMatchObject({ payload: { template_type: 'generic', elements: [{ title: 'Sourdough' }, { title: 'Croissant' }] } });
  });

  it('shows Meta’s refusal when the 24-hour window closed on Meta’s side', async () => {
    const account = await messagingAccount(t, meta, 'INSTAGRAM_LOGIN');
    const message = meta.world.messaging.personWrites(account.externalId, lina, 'Hello?');
    await signedDelivery(t, META_APPS.instagram.secret)(messageDelivery('instagram', account.externalId, message));
    const conversation = await account.conversationWith(lina.id);
    // The service received the message late (a backlog): on Meta's clock the window has closed.
    meta.world.advance(25 * 3600);
    const sent = await t.request('POST', `/conversations/${conversation!.id}/messages`, {
      key: account.key,
      body: { content: { text: 'Sorry for the wait' } },
    });
    expect(sent.status).toBe(502);
    expect(sent.json.message).toContain('2534022');
    const [failed] = (await account.thread(conversation!.id)).filter((item) => item.direction === 'OUTBOUND');
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(received(meta.hosts.instagramGraph, '/me/messages')).toHaveLength(1);
  });

  it('finds an interrupted send on Meta by its text and recipient, and fails one that never arrived', async () => {
    const account = await messagingAccount(t, meta, 'INSTAGRAM_LOGIN');
    const message = meta.world.messaging.personWrites(account.externalId, lina, 'Still open?');
    await signedDelivery(t, META_APPS.instagram.secret)(messageDelivery('instagram', account.externalId, message));
    const conversation = await account.conversationWith(lina.id);
    const sent = await t.request('POST', `/conversations/${conversation!.id}/messages`, { key: account.key, body: { content: { text: 'Until 8 pm' } } });
    expect(sent.status, sent.text).toBe(200);
    const mid = sent.json.message.externalMessageId as string;
    // As if the process died after Meta took the message, before its answer was recorded.
    const old = new Date(Date.now() - 10 * 60_000);
    await t.services.db
      .update(messages)
      .set({ status: 'PENDING', externalMessageId: null, sentAt: null, createdAt: old })
      .where(eq(messages.id, sent.json.message.id));
    meta.world.messaging.conversations.find((thread) => thread.person.id === lina.id)!.messages.at(-1)!.at = old.getTime() + 500;
    // Instagram's echo of the send (nothing in it names our app) arrives before the answer is recorded.
    const echo = { sender: { id: account.externalId }, recipient: { id: lina.id }, timestamp: Date.now(), message: { mid, text: 'Until 8 pm', is_echo: true } };
    await signedDelivery(t, META_APPS.instagram.secret)(messagingDelivery('instagram', account.externalId, echo));
    await waitFor(
      () => account.thread(conversation!.id),
      (items) => items.some((item) => item.source === 'ECHO'),
      30,
    );
    const result = await reconcilePendingMessages(t.services);
    expect(result).toMatchObject({ adopted: 1, failed: 0 });
    const [adopted] = await t.services.db.select().from(messages).where(eq(messages.id, sent.json.message.id));
    expect(adopted).toMatchObject({ status: 'SENT', externalMessageId: mid });
    // The echo gave way to the send it echoed: one outbound message in the thread.
    expect((await account.thread(conversation!.id)).filter((item) => item.direction === 'OUTBOUND')).toMatchObject([{ status: 'SENT', source: 'API' }]);
    // The conversation was read with the person's id, on graph.instagram.com.
    expect(received(meta.hosts.instagramGraph, '/me/conversations')[0]!.query.get('user_id')).toBe(lina.id);

    await t.services.db
      .update(messages)
      .set({ status: 'PENDING', externalMessageId: null, text: 'Never sent', createdAt: old })
      .where(eq(messages.id, sent.json.message.id));
    expect(await reconcilePendingMessages(t.services)).toMatchObject({ adopted: 0, failed: 1 });
  });
});

describe('automations on live accounts', { timeout: 90_000 }, () => {
  it('answers a comment that arrived by webhook with a private reply, once', async () => {
    const account = await messagingAccount(t, meta, 'INSTAGRAM_LOGIN', ['dms', 'automations']);
    const post = await publishedOn(t, account, account, '18000000000000777');
    const call = (method: string, path: string, body?: unknown) => t.request(method, path, { key: account.key, body });
    const created = await call('POST', '/automations', {
      teamId: account.teamId,
      name: 'Prices by DM',
      platformScope: 'INSTAGRAM',
      definition: {
        trigger: { type: 'COMMENT_CREATED', platform: 'INSTAGRAM', socialAccountId: account.accountId, postId: post.id, keywords: ['price'] },
        steps: [{ id: 'dm', type: 'SEND_PRIVATE_REPLY', message: { text: 'Sent you the prices' } }],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect((await call('POST', `/automations/${created.json.id}/publish`)).status).toBe(200);

    const comment = meta.world.messaging.personComments(account.externalId, '18000000000000777', lina, 'What is the price?');
    const delivered = await signedDelivery(t, META_APPS.instagram.secret)(commentDelivery('instagram', comment));
    expect(delivered.status).toBe(200);
    const runs = await waitFor(
      async () =>
        ((await call('GET', `/automations/${created.json.id}/executions?teamId=${account.teamId}&limit=10`)).json.items ?? []) as Record<string, any>[], // eslint-disable-line @typescript-eslint/no-explicit-any
      (items) => items.length === 1 && ['COMPLETED', 'FAILED', 'SKIPPED'].includes(items[0]!.status),
      60,
    );
    expect(runs[0], JSON.stringify(runs[0])).toMatchObject({ status: 'COMPLETED' });
    expect(sendApiBodies(meta.hosts.instagramGraph, '/me/messages')).toEqual([
      { recipient: { comment_id: comment.id }, message: { text: 'Sent you the prices' } },
    ]);
    expect(comment.privateReplyId).not.toBeNull();
    const thread = await account.thread(runs[0]!.conversationId);
    expect(thread[0]).toMatchObject({ source: 'PRIVATE_REPLY', status: 'SENT', externalMessageId: comment.privateReplyId });

    // Meta delivers the comment again: no second run, no second reply.
    await signedDelivery(t, META_APPS.instagram.secret)(commentDelivery('instagram', comment));
    expect((await call('GET', `/automations/${created.json.id}/executions?teamId=${account.teamId}&limit=10`)).json.items).toHaveLength(1);
    expect(received(meta.hosts.instagramGraph, '/me/messages')).toHaveLength(1);
  });
});

describe('late replies with the human-agent tag (decision 079)', { timeout: 60_000 }, () => {
  const HOUR = 3_600_000;
  /**
   * A DM delivered by webhook, then `hoursAgo` hours passing: both clocks are the real one, so the
   * message is dated back on Meta's side and in the thread (only messages arriving after messaging
   * was enabled are collected, so it cannot arrive already old).
   */
  async function writtenAgo(login: 'FACEBOOK' | 'INSTAGRAM_LOGIN', hoursAgo: number) {
    const account = await messagingAccount(t, meta, login, ['dms', 'automations']);
    const message = meta.world.messaging.personWrites(account.externalId, lina, 'Is my cake ready?');
    const secret = login === 'FACEBOOK' ? META_APPS.facebook.secret : META_APPS.instagram.secret;
    await signedDelivery(t, secret)(messageDelivery(login === 'FACEBOOK' ? 'page' : 'instagram', account.externalId, message));
    const conversation = await account.conversationWith(lina.id);
    const then = new Date(Date.now() - hoursAgo * HOUR);
    message.at = then.getTime();
    await t.services.db.update(conversations).set({ lastInboundAt: then }).where(eq(conversations.id, conversation!.id));
    const reply = (text: string) => t.request('POST', `/conversations/${conversation!.id}/messages`, { key: account.key, body: { content: { text } } });
    const automated = (text: string) =>
      t.request('POST', `/automation-rich-messages/conversations/${conversation!.id}`, {
        key: account.key,
        body: { teamId: account.teamId, message: { text } },
      });
    return { account, conversation: conversation!, reply, automated };
  }

  it('sends a person’s reply after 24 hours with the HUMAN_AGENT tag, and refuses an automation’s before calling Meta', async () => {
    meta.world.messaging.humanAgentApps.add('instagram');
    const { account, reply, automated } = await writtenAgo('INSTAGRAM_LOGIN', 30);
    const sent = await reply('Yes, come by at 4');
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.message).toMatchObject({ status: 'SENT', direction: 'OUTBOUND' });
    expect(sendApiBodies(meta.hosts.instagramGraph, '/me/messages')).toEqual([
      { recipient: { id: lina.id }, messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT', message: { text: 'Yes, come by at 4' } },
    ]);
    expect(meta.world.messaging.sentBy(account.externalId).map((message) => message.text)).toEqual(['Yes, come by at 4']);

    const fromAutomation = await automated('Your order is ready');
    expect(fromAutomation.status).toBe(400);
    expect(fromAutomation.json.message).toMatch(/^Automations may reply only within 24 hours .*a person can still answer from the inbox for up to 7 days/);
    expect(received(meta.hosts.instagramGraph, '/me/messages')).toHaveLength(1);
  });

  it('tells the dashboard until when a person may answer as a human agent (7 days after the last message)', async () => {
    const { account, conversation } = await writtenAgo('FACEBOOK', 30);
    const lastInboundAt = (await t.services.db.select().from(conversations).where(eq(conversations.id, conversation.id)))[0]!.lastInboundAt!;
    const until = new Date(lastInboundAt.getTime() + 7 * 24 * HOUR).toISOString();
    const one = await t.request('GET', `/conversations/${conversation.id}`, { key: account.key });
    expect(one.status).toBe(200);
    expect(one.json.platformData).toEqual({ lastInboundAt: lastInboundAt.toISOString(), canReply: true, humanAgentReplyUntil: until });
    const list = await t.request('GET', `/conversations?teamId=${account.teamId}`, { key: account.key });
    expect(list.json.items.find((item: { id: string }) => item.id === conversation.id).platformData.humanAgentReplyUntil).toBe(until);
    // Waiting for the person (a private reply's thread): no window of any kind.
    await t.services.db.update(conversations).set({ canReply: false }).where(eq(conversations.id, conversation.id));
    const waiting = await t.request('POST', `/conversations/${conversation.id}/archive`, { key: account.key });
    expect(waiting.json.platformData.humanAgentReplyUntil).toBeNull();
  });

  it('refuses a reply after 7 days before calling Meta, and tells Meta’s refusal when the app is not approved', async () => {
    const late = await writtenAgo('INSTAGRAM_LOGIN', 8 * 24);
    const tooLate = await late.reply('Sorry for the wait');
    expect(tooLate.status).toBe(400);
    expect(tooLate.json.message).toMatch(/within 24 hours of the participant's last message, or 7 days for a person answering as a human agent/);
    expect(received(meta.hosts.instagramGraph, '/me/messages')).toHaveLength(0);

    // The operator set META_HUMAN_AGENT but Meta never approved the Meta app's Human Agent permission.
    const { reply, conversation, account } = await writtenAgo('FACEBOOK', 48);
    const refused = await reply('We can deliver tomorrow');
    expect(refused.status).toBe(502);
    expect(refused.json.message).toContain('2018065');
    const [body] = sendApiBodies(meta.hosts.facebookGraph, `/${account.externalId}/messages`);
    expect(body).toMatchObject({ messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });
    const [failed] = (await account.thread(conversation.id)).filter((item) => item.direction === 'OUTBOUND');
    expect(failed).toMatchObject({ status: 'FAILED', error: expect.stringContaining('Human Agent') });
  });
});
