import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEvents } from '../db/schema/events';
import { conversations, messages } from '../db/schema/inbox';
import { purgeOldMessagesHandler } from './inbox.job-handlers';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { createTestApp } from '../test/test-app';
import { inboxOrg } from './inbox-test-kit';

const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob] });

describe('conversations from inbound DMs', { timeout: 120_000 }, () => {
  it('answers 404 everywhere while the organization is not enabled for DMs', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    for (const [method, path, body] of [
      ['GET', `/conversations?teamId=${teamId}`],
      ['GET', '/conversations/abc'],
      ['GET', '/conversations/abc/messages'],
      ['POST', '/conversations/abc/read', {}],
      ['POST', '/conversations/abc/archive'],
      ['POST', '/conversations/abc/open'],
      ['PATCH', '/conversations/abc', { status: 'OPEN' }],
      ['POST', '/conversations/abc/messages', { content: { text: 'hi' } }],
      ['POST', '/conversations/abc/messages/def/reaction', { action: 'REACT' }],
      ['POST', '/conversations/private-reply', { teamId, fetchedCommentId: 'x', content: { text: 'hi' } }],
      ['POST', '/automation-rich-messages/conversations/abc', { teamId, message: { text: 'hi' } }],
    ] as const) {
      const response = await t.request(method, path, { key, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json.message, `${method} ${path}`).toBe('Not found');
    }
  });

  it('stores a DM as a conversation with an inbound message, unread, in the 24-hour window', async () => {
    const org = await inboxOrg(t);
    const conversation = await org.dm({ text: 'Do you ship to Oslo?', senderId: '5550001', senderName: 'Jonas Lindqvist' });
    expect(conversation).toMatchObject({
      teamId: org.teamId,
      socialAccountId: org.account.id,
      platform: 'INSTAGRAM',
      externalParticipantId: '5550001',
      participantDisplayName: 'Jonas Lindqvist',
      status: 'OPEN',
      unreadCount: 1,
      lastMessagePreview: 'Do you ship to Oslo?',
      lastReadAt: null,
      platformSeenAt: null,
      platformData: { canReply: true },
      socialAccount: { id: org.account.id, type: 'INSTAGRAM' },
    });
    expect(conversation.platformData.lastInboundAt).toEqual(expect.any(String));
    const thread = await org.thread(conversation.id);
    expect(thread.total).toBe(1);
    expect(thread.items[0]).toMatchObject({
      direction: 'INBOUND',
      status: 'DELIVERED',
      source: 'DM',
      text: 'Do you ship to Oslo?',
      platformData: { reactions: [] },
    });
  });
});

describe('inbound activity on stored messages', { timeout: 180_000 }, () => {
  it('stores taps, shares, edits, unsends, reactions, echoes and read receipts', async () => {
    const org = await inboxOrg(t);
    const person = { senderId: '810001', senderName: 'Sofia Rossi' };
    const { id } = await org.dm({ text: 'Hello', ...person });
    await org.deliver('postback', { kind: 'QUICK_REPLY', payload: 'SIZE_M', title: 'Medium', ...person });
    await org.deliver('postback', { kind: 'BUTTON', payload: 'TALK_TO_HUMAN', title: 'Talk to us', ...person });
    await org.deliver('message', {
      attachments: [
        { type: 'share', url: 'https://www.instagram.com/p/abc/' },
        { type: 'image', url: 'https://cdn.example.com/p.jpg' },
      ],
      ...person,
    });
    const typo = await org.deliver('message', { text: 'Wrnog word', ...person });
    await org.deliver('message/edit', { messageId: typo.payload.messageId, text: 'Wrong word', ...person });
    const regret = await org.deliver('message', { text: 'Oops', attachments: [{ type: 'image', url: 'https://cdn.example.com/o.jpg' }], ...person });
    await org.deliver('message/unsend', { messageId: regret.payload.messageId, ...person });
    await org.deliver('echo', { recipientId: person.senderId, text: 'Typed on the phone' });
    const sent = await t.request('POST', `/conversations/${id}/messages`, { key: org.key, body: { content: { text: 'From the API' } } });
    expect(sent.status, sent.text).toBe(200);
    await org.deliver('reaction', { messageId: sent.json.message.externalMessageId, reaction: 'love', ...person });
    await org.deliver('read', { ...person });

    const items = (await org.thread(id)).items;
    expect(items.map((item: { text: string }) => item.text)).toEqual([
      'Hello',
      'Medium',
      'Talk to us',
      '',
      'Wrong word',
      '',
      'Typed on the phone',
      'From the API',
    ]);
    expect(items[1].platformData.isPostback).toBeUndefined();
    expect(items[2].platformData).toMatchObject({ isPostback: true, postbackPayload: 'TALK_TO_HUMAN' });
    expect(items[3].attachments).toEqual([
      { type: 'UNKNOWN', url: 'https://www.instagram.com/p/abc/' },
      { type: 'IMAGE', url: 'https://cdn.example.com/p.jpg' },
    ]);
    expect(items[4].platformData).toMatchObject({ isEdited: true, editedAt: expect.any(String) });
    expect(items[5]).toMatchObject({ text: '', attachments: [], platformData: { isUnsent: true, unsentAt: expect.any(String) } });
    expect(items[6]).toMatchObject({ direction: 'OUTBOUND', source: 'ECHO', status: 'SEEN', platformData: { isEcho: true } });
    expect(items[7]).toMatchObject({
      direction: 'OUTBOUND',
      source: 'API',
      status: 'SEEN',
      platformData: { reactions: [{ senderId: '810001', reaction: 'love' }] },
    });
    expect(items[7].seenAt).toEqual(expect.any(String));
    const conversation = (await t.request('GET', `/conversations/${id}`, { key: org.key })).json;
    expect(conversation.platformSeenAt).toEqual(expect.any(String));
    expect(conversation.unreadCount).toBe(6);
  });

  it('shows Facebook shares as POST attachments', async () => {
    const org = await inboxOrg(t, 'FACEBOOK');
    const { id } = await org.dm({ attachments: [{ type: 'share', url: 'https://www.facebook.com/1/posts/2' }], senderId: '810002', senderName: 'Karl Weber' });
    expect((await org.thread(id)).items[0].attachments).toEqual([{ type: 'POST', url: 'https://www.facebook.com/1/posts/2' }]);
  });

  it('reads, archives, reopens on a new message, and announces it all through the outbox', async () => {
    const org = await inboxOrg(t);
    const person = { senderId: '810003', senderName: 'Aiko Tanaka' };
    const first = await org.dm({ text: 'One', ...person });
    await org.deliver('message', { text: 'Two', ...person });
    const early = await t.request('POST', `/conversations/${first.id}/read`, { key: org.key, body: { readAt: first.lastMessageAt } });
    expect(early.json).toMatchObject({ lastReadAt: first.lastMessageAt, unreadCount: 2 });
    const read = await t.request('POST', `/conversations/${first.id}/read`, { key: org.key });
    expect(read.json.unreadCount).toBe(0);
    expect(new Date(read.json.lastReadAt).getTime()).toBeGreaterThan(new Date(first.lastMessageAt).getTime());

    const archived = await t.request('POST', `/conversations/${first.id}/archive`, { key: org.key });
    expect(archived.json.status).toBe('ARCHIVED');
    expect((await org.conversations('&status=ARCHIVED')).json.total).toBe(1);
    expect((await t.request('POST', `/conversations/${first.id}/open`, { key: org.key })).json.status).toBe('OPEN');
    expect((await t.request('PATCH', `/conversations/${first.id}`, { key: org.key, body: { status: 'ARCHIVED' } })).json.status).toBe('ARCHIVED');
    expect((await t.request('PATCH', `/conversations/${first.id}`, { key: org.key, body: { status: 'CLOSED' } })).status).toBe(400);
    await org.deliver('message', { text: 'Three', ...person });
    const reopened = (await t.request('GET', `/conversations/${first.id}`, { key: org.key })).json;
    expect(reopened).toMatchObject({ status: 'OPEN', unreadCount: 1, lastMessagePreview: 'Three' });

    const types = (
      await t.services.db
        .select({ type: outboxEvents.type })
        .from(outboxEvents)
        .where(and(eq(outboxEvents.organizationId, org.organizationId), like(outboxEvents.type, 'conversation%')))
    ).map((row) => row.type);
    expect(new Set(types)).toEqual(new Set(['conversation.created', 'conversation.updated', 'conversation.message.created']));
    expect(types.filter((type) => type === 'conversation.message.created')).toHaveLength(3);
  });

  it('pages conversations by activity (offset or cursor) and messages back in time', async () => {
    const org = await inboxOrg(t);
    for (const n of [1, 2, 3, 4, 5]) await org.deliver('message', { text: `Hello ${n}`, senderId: `82000${n}`, senderName: `Person ${n}` });
    const first = await org.conversations('&limit=2');
    expect(first.json.total).toBe(5);
    expect(first.json.items.map((item: { participantDisplayName: string }) => item.participantDisplayName)).toEqual(['Person 5', 'Person 4']);
    const second = await org.conversations(`&limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json.total).toBeUndefined();
    expect(second.json.items.map((item: { participantDisplayName: string }) => item.participantDisplayName)).toEqual(['Person 3', 'Person 2']);
    const last = await org.conversations(`&limit=2&cursor=${second.json.nextCursor}`);
    expect(last.json.items).toHaveLength(1);
    expect(last.json.nextCursor).toBeNull();
    const offset = await org.conversations('&limit=2&offset=2');
    expect(offset.json.items.map((item: { participantDisplayName: string }) => item.participantDisplayName)).toEqual(['Person 3', 'Person 2']);
    const both = await org.conversations(`&offset=1&cursor=${first.json.nextCursor}`);
    expect(both.status).toBe(400);
    expect(both.json.issues[0].path).toEqual(['cursor']);
    expect((await org.conversations('&cursor=garbage')).status).toBe(400);

    // Filters: a person moves to the top on a new message; search by participant; unread.
    await org.deliver('message', { text: 'Me again', senderId: '820001', senderName: 'Person 1' });
    expect((await org.conversations('&limit=1')).json.items[0].participantDisplayName).toBe('Person 1');
    expect((await org.conversations('&q=person%203')).json.items.map((item: { externalParticipantId: string }) => item.externalParticipantId)).toEqual([
      '820003',
    ]);
    const p2 = (await org.conversations('&q=Person%202')).json.items[0];
    await t.request('POST', `/conversations/${p2.id}/read`, { key: org.key });
    expect((await org.conversations('&unread=true')).json.total).toBe(4);
    expect((await org.conversations('&unread=false')).json.total).toBe(1);
    expect((await org.conversations('&platform=FACEBOOK')).json.total).toBe(0);
    expect((await org.conversations(`&socialAccountId=${org.account.id}`)).json.total).toBe(5);

    const p1 = (await org.conversations('&q=Person%201')).json.items[0];
    for (const n of [2, 3, 4, 5]) await org.deliver('message', { text: `Line ${n}`, senderId: '820001' });
    const page1 = await t.request('GET', `/conversations/${p1.id}/messages?limit=4`, { key: org.key });
    expect(page1.json.total).toBe(6);
    expect(page1.json.items.map((item: { text: string }) => item.text)).toEqual(['Line 2', 'Line 3', 'Line 4', 'Line 5']);
    const page2 = await t.request('GET', `/conversations/${p1.id}/messages?limit=4&cursor=${page1.json.nextCursor}`, { key: org.key });
    expect(page2.json.items.map((item: { text: string }) => item.text)).toEqual(['Hello 1', 'Me again']);
    expect(page2.json.nextCursor).toBeNull();
  });

  it('keeps every conversation route inside its organization', async () => {
    const org = await inboxOrg(t);
    const { id } = await org.dm({ text: 'Private', senderId: '830001', senderName: 'Only Mine' });
    const other = await t.createOrg('PRO', ['dms']);
    expect((await t.request('GET', `/conversations/${id}`, { key: other.key })).status).toBe(404);
    expect((await t.request('GET', `/conversations/${id}/messages`, { key: other.key })).status).toBe(404);
    expect((await t.request('GET', `/conversations?teamId=${org.teamId}`, { key: other.key })).status).toBe(404);
    expect((await t.request('POST', `/conversations/${id}/archive`, { key: other.key })).json.message).toBe('Conversation not found');
  });
});

describe('retention', { timeout: 120_000 }, () => {
  it('deletes messages 30 days after creation and conversations after 30 days without activity', async () => {
    const org = await inboxOrg(t);
    const old = await org.dm({ text: 'Long ago', senderId: '840001', senderName: 'Old Timer' });
    const fresh = await org.dm({ text: 'Today', senderId: '840002', senderName: 'New Face' });
    const purgeAt = (now: Date) =>
      purgeOldMessagesHandler.handle(purgeOldMessagesHandler.job.payload.parse({ now: now.toISOString(), organizationId: org.organizationId }), {
        services: t.services,
        jobId: 'test',
        attempt: 1,
      });
    const DAY = 24 * 3600_000;
    const created = new Date(old.lastActivityAt).getTime();
    await purgeAt(new Date(created + 30 * DAY - 60_000));
    expect((await org.thread(old.id)).total).toBe(1);
    // A new message on the old conversation keeps it alive, while its first message still goes.
    await org.deliver('message', { text: 'Still here', senderId: '840001' });
    const later = new Date(Date.now() + 30 * DAY + 60_000);
    await t.services.db
      .update(conversations)
      .set({ lastActivityAt: new Date(later.getTime() - DAY) })
      .where(eq(conversations.id, old.id));
    await t.services.db
      .update(messages)
      .set({ createdAt: new Date(later.getTime() - DAY) })
      .where(and(eq(messages.conversationId, old.id), eq(messages.text, 'Still here')));
    await purgeAt(later);
    expect((await org.thread(old.id)).items.map((item: { text: string }) => item.text)).toEqual(['Still here']);
    expect((await t.request('GET', `/conversations/${fresh.id}`, { key: org.key })).status).toBe(404);
  });
});
