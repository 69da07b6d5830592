import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../comments/comments-test-kit';
import { outboxEvents } from '../db/schema/events';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { deliverSandboxMessageJob } from '../sandbox-platform/sandbox.jobs';
import { sandboxAccount } from '../sandbox-platform/test-helpers';
import { createTestApp } from '../test/test-app';
import { inboxOrg } from './inbox-test-kit';

const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob, deliverSandboxMessageJob] });

type Org = Awaited<ReturnType<typeof inboxOrg>>;
const send = (org: Org, id: string, text: string) => t.request('POST', `/conversations/${id}/messages`, { key: org.key, body: { content: { text } } });
const messageOf = async (org: Org, conversationId: string, id: string) =>
  ((await org.thread(conversationId)).items as { id: string; status: string; seenAt: string | null }[]).find((item) => item.id === id)!;

/** The statuses each message was announced with, in order (created, then every update). */
async function announced(organizationId: string, messageId: string) {
  const rows = await t.services.db
    .select({ type: outboxEvents.type, data: outboxEvents.data })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.organizationId, organizationId), like(outboxEvents.type, 'conversation.message.%')))
    .orderBy(asc(outboxEvents.seq)); // the order the relay delivers them in
  return rows
    .filter((row) => (row.data as { message: { id: string } }).message.id === messageId)
    .map((row) => `${row.type.replace('conversation.message.', '')}:${(row.data as { message: { status: string } }).message.status}`);
}

describe('delivery receipts', { timeout: 180_000 }, () => {
  it('moves a sent message to DELIVERED through the platform’s own receipt, then SEEN, and announces each step', async () => {
    const org = await inboxOrg(t);
    const conversation = await org.dm({ text: 'Hi!', senderId: '930001', senderName: 'Ada Lind' });
    const sent = await send(org, conversation.id, 'Hello Ada');
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.message.status).toBe('SENT');
    const { id, externalMessageId } = sent.json.message;

    // The platform reports the delivery by itself, as a webhook through the ingest path.
    const delivered = await waitFor(
      () => messageOf(org, conversation.id, id),
      (message) => message.status === 'DELIVERED',
      60,
    );
    expect(delivered.status).toBe('DELIVERED');
    const events = (await t.request('GET', `/sandbox/inbound-events?socialAccountId=${org.account.id}&limit=50`, { key: org.key })).json.items;
    const receipt = events.find((event: { kind: string }) => event.kind === 'message.delivered');
    expect(receipt).toMatchObject({ status: 'PROCESSED', source: 'sandbox', payload: { messageIds: [externalMessageId], sender: { id: '930001' } } });

    await org.deliver('read', { senderId: '930001' });
    expect((await messageOf(org, conversation.id, id)).status).toBe('SEEN');
    expect(await announced(org.organizationId, id)).toEqual(['created:SENT', 'updated:DELIVERED', 'updated:SEEN']);
  });

  it('never moves a SEEN or FAILED message back, and a repeated receipt changes nothing', async () => {
    const org = await inboxOrg(t);
    const conversation = await org.dm({ text: 'Hey', senderId: '930002', senderName: 'Bea Holm' });
    const sent = (await send(org, conversation.id, 'Hi Bea')).json.message;
    await waitFor(
      () => messageOf(org, conversation.id, sent.id),
      (message) => message.status === 'DELIVERED',
      60,
    );
    await org.deliver('read', { senderId: '930002' });
    const seen = await messageOf(org, conversation.id, sent.id);
    expect(seen.status).toBe('SEEN');

    // A late (or repeated) receipt naming the message, and a failed send in the same thread.
    const fault = await t.request('POST', '/sandbox/faults', {
      key: org.key,
      body: { type: 'INSTAGRAM', operation: 'messaging.send', kind: 'PERMANENT', count: 1 },
    });
    expect(fault.status, fault.text).toBe(200);
    const failed = await send(org, conversation.id, 'This one fails');
    expect(failed.status).toBe(502);
    const failedId = (await org.thread(conversation.id)).items.at(-1).id as string;
    await org.deliver('delivery', { senderId: '930002', messageIds: [sent.externalMessageId], watermark: new Date(Date.now() + 1000).toISOString() });
    await org.deliver('delivery', { senderId: '930002', messageIds: [sent.externalMessageId] });
    expect(await messageOf(org, conversation.id, sent.id)).toMatchObject({ status: 'SEEN', seenAt: seen.seenAt });
    expect((await messageOf(org, conversation.id, failedId)).status).toBe('FAILED');
    expect(await announced(org.organizationId, sent.id)).toEqual(['created:SENT', 'updated:DELIVERED', 'updated:SEEN']);
  });

  it('applies a receipt that arrived before the send’s answer was recorded', async () => {
    const org = await inboxOrg(t, 'FACEBOOK');
    const conversation = await org.dm({ text: 'Hello', senderId: '930003', senderName: 'Cem Aydin' });
    // The platform's receipt (its watermark past the send) is processed before our answer is recorded.
    await org.deliver('delivery', { senderId: '930003', watermark: new Date(Date.now() + 60_000).toISOString() });
    const sent = await send(org, conversation.id, 'Thanks for writing');
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.message.status).toBe('DELIVERED');
    // Webhook clients still see it SENT first, then the update.
    expect(await announced(org.organizationId, sent.json.message.id)).toEqual(['created:SENT', 'updated:DELIVERED']);

    await org.deliver('read', { senderId: '930003', watermark: new Date(Date.now() + 60_000).toISOString() });
    const later = await send(org, conversation.id, 'See you soon');
    expect(later.json.message).toMatchObject({ status: 'SEEN', seenAt: expect.any(String) });
  });

  it('validates the sandbox delivery route and keeps it inside the organization', async () => {
    const org = await inboxOrg(t);
    const other = await t.createOrg('PRO', ['dms']);
    const emit = (key: string, body: Record<string, unknown>) => t.request('POST', '/sandbox/inbound/delivery', { key, body });
    const invalid = await emit(org.key, { socialAccountId: org.account.id, watermark: 'yesterday' });
    expect(invalid.status).toBe(400);
    expect(invalid.json.issues[0].path).toEqual(['watermark']);
    expect((await emit(org.key, { socialAccountId: org.account.id, mids: ['m_1'] })).status).toBe(400);
    expect((await emit(org.key, { socialAccountId: org.account.id, messageIds: Array.from({ length: 101 }, (_, n) => `m_${n}`) })).status).toBe(400);
    const foreign = await emit(other.key, { socialAccountId: org.account.id });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ statusCode: 404, message: expect.any(String) });
    const youtube = await sandboxAccount(t, org.key, { teamId: org.teamId, type: 'YOUTUBE', channelName: 'Bakery TV' });
    const noDms = await emit(org.key, { socialAccountId: youtube.id });
    expect(noDms.status).toBe(400);
    expect(noDms.json.message).toMatch(/no direct messages/);
  });
});
