import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messagingUsage } from '../db/schema/inbox';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { createTestApp } from '../test/test-app';
import { testMedia } from '../test/test-media';
import { uploadForm } from '../uploads/uploads-test-kit';
import { inboxOrg } from './inbox-test-kit';

const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob] });

const send = (key: string, id: string, body: unknown) => t.request('POST', `/conversations/${id}/messages`, { key, body });
const url = 'https://cdn.example.com/a.jpg';
const button = (n: number) => ({ type: 'POSTBACK', label: `Option ${n}`, payload: `P${n}` });

describe('sending messages', { timeout: 180_000 }, () => {
  it('sends text as SENT, keeps replyTo, and counts one message of the monthly quota', async () => {
    const org = await inboxOrg(t);
    const conversation = await org.dm({ text: 'Hi there', senderId: '700001', senderName: 'Mia Berg' });
    const [inbound] = (await org.thread(conversation.id)).items;
    const sent = await send(org.key, conversation.id, {
      content: { text: 'Hello Mia!', quickReplies: [{ label: 'Yes', payload: 'Y' }] },
      replyToMessageId: inbound.id,
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.conflict).toBe(false);
    expect(sent.json.message).toMatchObject({
      direction: 'OUTBOUND',
      status: 'SENT',
      source: 'API',
      text: 'Hello Mia!',
      replyTo: { messageId: inbound.id, externalMessageId: inbound.externalMessageId, isSelfReply: false },
      platformData: { quickReplies: [{ label: 'Yes', payload: 'Y' }] },
    });
    expect(sent.json.message.externalMessageId).toMatch(/^m_/);
    expect(sent.json.message.sentAt).toEqual(expect.any(String));
    expect(sent.json.conversation.lastMessagePreview).toBe('Hello Mia!');
    const usage = await t.services.db.select().from(messagingUsage).where(eq(messagingUsage.socialAccountId, org.account.id));
    expect(usage[0]?.used).toBe(1);
    expect((await send(org.key, conversation.id, { content: { text: 'x' }, replyToMessageId: 'nope' })).status).toBe(404);
  });

  it('applies the content rules with clear issue paths', async () => {
    const org = await inboxOrg(t);
    const { id } = await org.dm({ text: 'Hi', senderId: '700002', senderName: 'Lea Moreau' });
    const cases: [unknown, (string | number)[]][] = [
      [{ text: 'a'.repeat(1001) }, ['content', 'text']],
      [{ attachments: Array.from({ length: 11 }, () => ({ type: 'IMAGE', url })) }, ['content', 'attachments']],
      [{ attachments: [{ type: 'IMAGE', url: 'http://cdn.example.com/a.jpg' }] }, ['content', 'attachments', 0, 'url']],
      [{ text: 'q', quickReplies: Array.from({ length: 14 }, (_, n) => ({ label: `L${n}`, payload: 'p' })) }, ['content', 'quickReplies']],
      [{ text: 'q', quickReplies: [{ label: 'x'.repeat(21), payload: 'p' }] }, ['content', 'quickReplies', 0, 'label']],
      [{ text: 'b', buttons: [1, 2, 3, 4].map(button) }, ['content', 'buttons']],
      [{ buttons: [button(1)], attachments: [{ type: 'IMAGE', url }] }, ['content', 'buttons']],
      [{ quickReplies: [{ label: 'a', payload: 'b' }], attachments: [{ type: 'IMAGE', url }] }, ['content', 'quickReplies']],
      [{ text: 'both', buttons: [button(1)], quickReplies: [{ label: 'a', payload: 'b' }] }, ['content', 'quickReplies']],
      [{ carousel: { cards: Array.from({ length: 11 }, (_, n) => ({ title: `Card ${n}` })) } }, ['content', 'carousel', 'cards']],
      [{ carousel: { cards: [{ title: 'c', buttons: [1, 2, 3, 4].map(button) }] } }, ['content', 'carousel', 'cards', 0, 'buttons']],
      [{ carousel: { cards: [{ title: 't'.repeat(81) }] } }, ['content', 'carousel', 'cards', 0, 'title']],
      [{ carousel: { cards: [{ title: 't', subtitle: 's'.repeat(81) }] } }, ['content', 'carousel', 'cards', 0, 'subtitle']],
      [{ carousel: { cards: [{ title: 't', imageUrl: 'http://cdn.example.com/x.jpg' }] } }, ['content', 'carousel', 'cards', 0, 'imageUrl']],
      [{ carousel: { cards: [{ title: 't' }] }, attachments: [{ type: 'IMAGE', url }] }, ['content', 'attachments']],
      [{ text: 't', carousel: { cards: [{ title: 't' }] }, quickReplies: [{ label: 'a', payload: 'b' }] }, ['content', 'quickReplies']],
      [{ text: 'call', buttons: [{ type: 'URL', label: 'Site', url: 'http://example.com' }] }, ['content', 'buttons', 0, 'url']],
      [{}, ['content']],
    ];
    for (const [content, path] of cases) {
      const response = await send(org.key, id, { content });
      expect(response.status, JSON.stringify(content).slice(0, 120)).toBe(400);
      expect(
        response.json.issues.map((issue: { path: unknown }) => issue.path),
        JSON.stringify(content).slice(0, 120),
      ).toContainEqual(path);
    }
    // Instagram counts bytes, and refuses phone buttons; the carousel may have its own text bubble.
    const emoji = await send(org.key, id, { content: { text: '😀'.repeat(300) } });
    expect(emoji.status).toBe(400);
    expect(emoji.json.message).toMatch(/Instagram counts bytes/);
    expect(emoji.json.issues[0].path).toEqual(['content', 'text']);
    const phone = await send(org.key, id, { content: { text: 'Call us', buttons: [{ type: 'PHONE', label: 'Call', phoneNumber: '+4712345678' }] } });
    expect(phone.status).toBe(400);
    expect(phone.json.message).toBe('Phone buttons are not supported on Instagram');
    const carousel = await send(org.key, id, {
      content: {
        text: 'Our picks',
        carousel: {
          cards: [{ title: 'Sourdough', subtitle: 'Fresh daily', imageUrl: url, buttons: [{ type: 'URL', label: 'Order', url: 'https://example.com/order' }] }],
        },
      },
    });
    expect(carousel.status, carousel.text).toBe(200);
    expect(carousel.json.message.platformData.carousel.cards[0].title).toBe('Sourdough');
  });

  it('lets Facebook count characters and carry phone buttons', async () => {
    const org = await inboxOrg(t, 'FACEBOOK');
    const { id } = await org.dm({ text: 'Hei', senderId: '700003', senderName: 'Ola Nordmann' });
    expect((await send(org.key, id, { content: { text: '😀'.repeat(300) } })).status).toBe(200);
    const phone = await send(org.key, id, { content: { text: 'Call us', buttons: [{ type: 'PHONE', label: 'Call', phoneNumber: '+4712345678' }] } });
    expect(phone.status, phone.text).toBe(200);
  });

  it('refuses outside the 24-hour window and while the participant has not written', async () => {
    const org = await inboxOrg(t);
    const { id } = await org.dm({ text: 'Hi', senderId: '700004', senderName: 'Noor Haddad' });
    await t.services.db
      .update(conversations)
      .set({ lastInboundAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(conversations.id, id));
    // The sandbox offers no human-agent window: the dashboard is told so, and the send is refused.
    const shown = await t.request('GET', `/conversations/${id}`, { key: org.key });
    expect(shown.json.platformData.humanAgentReplyUntil).toBeNull();
    const late = await send(org.key, id, { content: { text: 'Sorry for the wait' } });
    expect(late.status).toBe(400);
    expect(late.json.message).toMatch(/only within 24 hours of the participant's last message/);
    await t.services.db.update(conversations).set({ canReply: false }).where(eq(conversations.id, id));
    const waiting = await send(org.key, id, { content: { text: 'Hello?' } });
    expect(waiting.json.message).toMatch(/waiting for the participant to reply first/);
    // The person writes again: the window restarts.
    await org.deliver('message', { text: 'Still there?', senderId: '700004' });
    const conversation = (await t.request('GET', `/conversations/${id}`, { key: org.key })).json;
    expect(conversation.platformData.canReply).toBe(true);
    expect((await send(org.key, id, { content: { text: 'Yes!' } })).status).toBe(200);
  });

  it('keeps a rejected message as FAILED in the thread, answers an error and does not count it', async () => {
    const org = await inboxOrg(t);
    const { id } = await org.dm({ text: 'Hi', senderId: '700005', senderName: 'Ines Duarte' });
    const fault = await t.request('POST', '/sandbox/faults', {
      key: org.key,
      body: { type: 'INSTAGRAM', operation: 'messaging.send', kind: 'PERMANENT', count: 1, message: 'The person cannot receive messages' },
    });
    expect(fault.status, fault.text).toBe(200);
    const failed = await send(org.key, id, { content: { text: 'Will this go?' } });
    expect(failed.status).toBe(502);
    expect(failed.json.message).toMatch(/cannot receive messages/);
    const thread = await org.thread(id);
    expect(thread.items.at(-1)).toMatchObject({ status: 'FAILED', text: 'Will this go?', error: expect.stringMatching(/cannot receive messages/) });
    expect(thread.items.at(-1).failedAt).toEqual(expect.any(String));
    const usage = await t.services.db.select().from(messagingUsage).where(eq(messagingUsage.socialAccountId, org.account.id));
    expect(usage[0]?.used ?? 0).toBe(0);
  });

  it('enforces the monthly message quota per plan, not counting inbound, echoes, reactions or reads', async () => {
    const free = await inboxOrg(t, 'INSTAGRAM', 'FREE');
    const { id: freeId } = await free.dm({ text: 'Hi', senderId: '700006', senderName: 'Free Person' });
    const refused = await send(free.key, freeId, { content: { text: 'Hello' } });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/^Monthly message limit reached/);

    const org = await inboxOrg(t);
    const { id } = await org.dm({ text: 'Hi', senderId: '700007', senderName: 'Quota Person' });
    const [inbound] = (await org.thread(id)).items;
    await org.deliver('echo', { recipientId: '700007', text: 'Typed in the app' });
    expect((await t.request('POST', `/conversations/${id}/messages/${inbound.id}/reaction`, { key: org.key, body: { action: 'REACT' } })).status).toBe(200);
    expect((await t.request('POST', `/conversations/${id}/read`, { key: org.key, body: {} })).status).toBe(200);
    const usage = () => t.services.db.select().from(messagingUsage).where(eq(messagingUsage.socialAccountId, org.account.id));
    expect((await usage())[0]?.used ?? 0).toBe(0);
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    await t.services.db.insert(messagingUsage).values({ socialAccountId: org.account.id, organizationId: org.organizationId, month, used: 199 });
    expect((await send(org.key, id, { content: { text: 'The 200th' } })).status).toBe(200);
    const over = await send(org.key, id, { content: { text: 'The 201st' } });
    expect(over.status).toBe(403);
    expect(over.json.message).toMatch(/^Monthly message limit reached/);
  });

  it('refuses sends, reactions and private replies after messaging/disable', async () => {
    const org = await inboxOrg(t);
    const { id } = await org.dm({ text: 'Hi', senderId: '700008', senderName: 'Disabled Person' });
    const [inbound] = (await org.thread(id)).items;
    expect((await t.request('POST', '/social-account/messaging/disable', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } })).status).toBe(200);
    const sent = await send(org.key, id, { content: { text: 'Hello' } });
    expect(sent.status).toBe(403);
    expect(sent.json.message).toMatch(/disabled for this social account/);
    const reacted = await t.request('POST', `/conversations/${id}/messages/${inbound.id}/reaction`, { key: org.key, body: { action: 'REACT' } });
    expect(reacted.status).toBe(403);
    // Reading still works; the seen marker is skipped.
    expect((await t.request('POST', `/conversations/${id}/read`, { key: org.key })).status).toBe(200);
  });

  it('reacts on Instagram with love only; Facebook reactions are read-only', async () => {
    const org = await inboxOrg(t);
    const { id } = await org.dm({ text: 'Nice!', senderId: '700009', senderName: 'React Person' });
    const [inbound] = (await org.thread(id)).items;
    const reaction = (body: unknown, conversationId = id, messageId = inbound.id, key = org.key) =>
      t.request('POST', `/conversations/${conversationId}/messages/${messageId}/reaction`, { key, body });
    const loved = await reaction({ action: 'REACT' });
    expect(loved.status, loved.text).toBe(200);
    expect(loved.json.platformData.reactions).toEqual([{ senderId: org.account.externalId, reaction: 'love', emoji: '❤️' }]);
    const like = await reaction({ action: 'REACT', reaction: 'like' });
    expect(like.status).toBe(400);
    expect(like.json.message).toBe('Only the love reaction is supported');
    const removed = await reaction({ action: 'UNREACT' });
    expect(removed.json.platformData.reactions).toEqual([]);
    expect((await reaction({ action: 'REACT' }, id, 'missing')).status).toBe(404);

    const fb = await inboxOrg(t, 'FACEBOOK');
    const fbConversation = await fb.dm({ text: 'Hello page', senderId: '700010', senderName: 'Fb Person' });
    const [fbMessage] = (await fb.thread(fbConversation.id)).items;
    const refused = await reaction({ action: 'REACT' }, fbConversation.id, fbMessage.id, fb.key);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/Facebook reactions can only be read/);
  });

  it('sends an automation rich message with attachments by upload id', async () => {
    const org = await inboxOrg(t);
    const { id } = await org.dm({ text: 'Menu?', senderId: '700011', senderName: 'Rich Person' });
    const upload = await uploadForm(t, org.key, { bytes: await testMedia('square-1080.jpg'), name: 'menu.jpg' }, { teamId: org.teamId });
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    const rich = await t.request('POST', `/automation-rich-messages/conversations/${id}`, {
      key: org.key,
      body: { teamId: org.teamId, message: { text: 'Here is our menu', attachments: [{ uploadId: upload.json.id }] } },
    });
    expect(rich.status, rich.text).toBe(200);
    expect(rich.json).toEqual({ conversationId: id, messageId: expect.any(String), externalMessageId: expect.stringMatching(/^m_/) });
    const last = (await org.thread(id)).items.at(-1);
    expect(last).toMatchObject({ id: rich.json.messageId, status: 'SENT', text: 'Here is our menu', attachments: [{ type: 'IMAGE' }] });
    const missing = await t.request('POST', `/automation-rich-messages/conversations/${id}`, {
      key: org.key,
      body: { teamId: org.teamId, message: { attachments: [{ uploadId: 'nope' }] } },
    });
    expect(missing.status).toBe(404);
    const bad = await t.request('POST', `/automation-rich-messages/conversations/${id}`, {
      key: org.key,
      body: { teamId: org.teamId, message: { buttons: [button(1)] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.issues.map((issue: { path: unknown }) => issue.path)).toContainEqual(['message', 'buttons']);
  });
});
