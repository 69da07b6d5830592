import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withCredentials } from '../accounts/credentials';
import { publishedPost, waitFor } from '../comments/comments-test-kit';
import { commentJobs } from '../comments/comments.jobs';
import { fetchedComments } from '../db/schema/comments';
import { outboxEvents } from '../db/schema/events';
import { messages, privateReplyClaims, type PrivateReplyContext } from '../db/schema/inbox';
import { socialAccounts } from '../db/schema/social-accounts';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { postJobs } from '../posts/posts.jobs';
import { createTestApp } from '../test/test-app';
import { inboxOrg } from './inbox-test-kit';
import { reconcilePendingMessagesHandler } from './inbox.job-handlers';
import { messagesUsed, reserveMessageSlot } from './messaging-quota';
import { NOT_ON_PLATFORM } from './reconcile-pending-messages';
import { intentKeyOf } from './send-outcome';
import { messagingEnv } from './send.service';

const t = await createTestApp({ work: true, workOnly: [...postJobs, ...commentJobs, dispatchInboundEventJob] });

type Org = Awaited<ReturnType<typeof inboxOrg>>;
type Row = typeof messages.$inferSelect;
const AGO = 10 * 60_000; // past MESSAGE_RECONCILE_AFTER_SECONDS (300 s by default)

/**
 * What a send's first transaction leaves when its process dies before the second: the message
 * PENDING, with its quota slot taken (and, for a private reply, the claim IN_FLIGHT).
 */
async function leftPending(org: Org, conversationId: string, text: string, ageMs: number, privateReply?: PrivateReplyContext): Promise<Row> {
  const createdAt = new Date(Date.now() - ageMs);
  return t.services.db.transaction(async (tx) => {
    if (privateReply) {
      await tx.insert(privateReplyClaims).values({ fetchedCommentId: privateReply.fetchedCommentId, organizationId: org.organizationId, state: 'IN_FLIGHT' });
    }
    await reserveMessageSlot(tx, { id: org.account.id, organizationId: org.organizationId }, createdAt);
    const [row] = await tx
      .insert(messages)
      .values({
        organizationId: org.organizationId,
        teamId: org.teamId,
        conversationId,
        socialAccountId: org.account.id,
        platform: org.account.type,
        direction: 'OUTBOUND',
        status: 'PENDING',
        source: privateReply ? 'PRIVATE_REPLY' : 'API',
        text,
        privateReplyContext: privateReply ?? null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    return row!;
  });
}

/** The platform call the dead process made before dying: the platform has the message under the send's key. */
async function platformGot(org: Org, row: Row, to: { recipientId: string } | { commentId: string }) {
  const [account] = await t.services.db.select().from(socialAccounts).where(eq(socialAccounts.id, org.account.id));
  return withCredentials(t.services, account!, (connector, credentials) => {
    const env = messagingEnv(t.services);
    const common = { pageId: account!.externalId ?? '', intentKey: intentKeyOf(row) };
    return 'commentId' in to
      ? connector.messaging!.privateReply(env, credentials, { ...common, commentId: to.commentId, text: row.text })
      : connector.messaging!.send(env, credentials, { ...common, recipientId: to.recipientId, message: { text: row.text, attachments: [] } });
  });
}

const reconcile = () => reconcilePendingMessagesHandler.handle({}, { services: t.services, jobId: 'test', attempt: 1 });
const threadItem = async (org: Org, conversationId: string, id: string) =>
  ((await org.thread(conversationId)).items as Record<string, unknown>[]).find((item) => item.id === id)!;

describe('reconciling sends interrupted between their two transactions', { timeout: 240_000 }, () => {
  it('adopts what the platform has as SENT, fails what it never got, leaves young sends alone', async () => {
    const org = await inboxOrg(t);
    const conversation = await org.dm({ text: 'Hi', senderId: '940001', senderName: 'Dora Sand' });
    const reached = await leftPending(org, conversation.id, 'This one reached Instagram', AGO);
    const onPlatform = await platformGot(org, reached, { recipientId: '940001' });
    const lost = await leftPending(org, conversation.id, 'This one never left', AGO);
    const young = await leftPending(org, conversation.id, 'Still in flight', 5_000);
    expect(await messagesUsed(t.services.db, org.account.id, reached.createdAt)).toBe(3);

    await reconcile();

    expect(await threadItem(org, conversation.id, reached.id)).toMatchObject({
      status: 'SENT',
      externalMessageId: onPlatform.externalMessageId,
      sentAt: expect.any(String),
      error: null,
    });
    expect(await threadItem(org, conversation.id, lost.id)).toMatchObject({
      status: 'FAILED',
      error: NOT_ON_PLATFORM,
      failedAt: expect.any(String),
      externalMessageId: null,
    });
    expect((await threadItem(org, conversation.id, young.id)).status).toBe('PENDING');
    // The failed one gave its quota slot back; the adopted and the young one keep theirs.
    expect(await messagesUsed(t.services.db, org.account.id, reached.createdAt)).toBe(2);
    const announced = await t.services.db
      .select({ type: outboxEvents.type, data: outboxEvents.data })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, org.organizationId), eq(outboxEvents.type, 'conversation.message.created')));
    const statusOf = (id: string) =>
      announced
        .filter((row) => (row.data as { message: { id: string } }).message.id === id)
        .map((row) => (row.data as { message: { status: string } }).message.status);
    expect(statusOf(reached.id)).toEqual(['SENT']);
    expect(statusOf(lost.id)).toEqual(['FAILED']);
    expect(statusOf(young.id)).toEqual([]);

    // A second sweep (another worker, the next minute) changes nothing and announces nothing more.
    await reconcile();
    expect((await threadItem(org, conversation.id, reached.id)).status).toBe('SENT');
    const again = await t.services.db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, org.organizationId), eq(outboxEvents.type, 'conversation.message.created')));
    expect(again).toHaveLength(announced.length);
  });

  it('resolves an interrupted private reply and opens or closes its claim accordingly', async () => {
    const org = await inboxOrg(t, 'FACEBOOK');
    await publishedPost(t, org.key, org.teamId, { FACEBOOK: { text: 'Fresh bread today' } });
    const comment = async (authorName: string) => {
      const event = await org.deliver('comment', { text: 'Price?', authorName });
      const [row] = await waitFor(
        () =>
          t.services.db
            .select()
            .from(fetchedComments)
            .where(eq(fetchedComments.externalId, String(event.payload.commentId))),
        (rows) => rows.length === 1,
        30,
      );
      return row!;
    };
    const reply = (fetchedCommentId: string, text: string) =>
      t.request('POST', '/conversations/private-reply', { key: org.key, body: { teamId: org.teamId, fetchedCommentId, content: { text } } });
    const context = (row: typeof fetchedComments.$inferSelect): PrivateReplyContext => ({
      fetchedCommentId: row.id,
      commentExternalId: row.externalId,
      text: row.text,
      authorName: row.authorName,
      postPermalink: null,
      postThumbnailUrl: null,
      commentedAt: row.createdAt.toISOString(),
    });
    // Threads for both people, as the private reply would have opened them.
    const conversationWith = async (row: typeof fetchedComments.$inferSelect) => {
      await org.deliver('message', { text: 'Hello', senderId: row.authorExternalId!, senderName: row.authorName ?? 'Someone' });
      return (await org.conversations(`&q=${encodeURIComponent(row.authorName ?? '')}`)).json.items[0].id as string;
    };

    const delivered = await comment('Eli Ruiz');
    const deliveredThread = await conversationWith(delivered);
    const deliveredRow = await leftPending(org, deliveredThread, 'Here are the prices', AGO, context(delivered));
    await platformGot(org, deliveredRow, { commentId: delivered.externalId });
    const lost = await comment('Fay Quinn');
    const lostThread = await conversationWith(lost);
    const lostRow = await leftPending(org, lostThread, 'Here are the prices', AGO, context(lost));
    // Before the sweep both are of unknown outcome.
    expect((await reply(delivered.id, 'Again')).status).toBe(429);
    expect((await reply(lost.id, 'Again')).status).toBe(429);

    await reconcile();

    const repeat = await reply(delivered.id, 'Again');
    expect(repeat.status, repeat.text).toBe(200);
    expect(repeat.json).toMatchObject({ conflict: true, message: { id: deliveredRow.id, status: 'SENT' } });
    const [lostClaim] = await t.services.db.select().from(privateReplyClaims).where(eq(privateReplyClaims.fetchedCommentId, lost.id));
    expect(lostClaim).toMatchObject({ state: 'FAILED', messageId: lostRow.id });
    const retried = await reply(lost.id, 'Here are the prices, again');
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json).toMatchObject({ conflict: false, message: { status: 'SENT', source: 'PRIVATE_REPLY' } });
    expect(retried.json.message.id).not.toBe(lostRow.id);
  });
});
