import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { fetchedComments } from '../../db/schema/comments';
import { messages } from '../../db/schema/inbox';
import type { InboundEventRow } from '../../db/schema/ingest';
import type { AppServices } from '../../services';
import type { TriggerType } from '../shared/automation-constants';
import { recordRuns, type AutomationEvent } from './record-runs';

type Payload = {
  kind?: string;
  recipientExternalId?: string;
  messageId?: string;
  commentId?: string;
  postbackType?: string;
  payload?: string;
  sender?: { id?: string };
};

/**
 * Feeds automations from an inbound event, after its domain consumed it and in the same
 * transaction: what the domain stored (the message and its conversation, the fetched comment)
 * names the run. Events the domain did not keep (a comment on a post not published
 * through the service, the owner's own comment) start nothing; one run per flow and event
 * (the unique `(flowId, triggerId)`) makes a second consumption of an event a no-op.
 */
export async function feedAutomations(tx: Transaction, event: InboundEventRow, services: AppServices): Promise<void> {
  const payload = (event.payload ?? {}) as Payload;
  const base = {
    triggerId: event.id,
    organizationId: event.organizationId,
    socialAccountId: event.socialAccountId,
    platform: event.platform,
    receivedAt: event.receivedAt,
    pageExternalId: payload.recipientExternalId ?? null,
    externalEventId: event.externalEventId,
  };

  if (payload.kind === 'message.created' || payload.kind === 'message.postback') {
    if (!payload.messageId) return;
    const [message] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.socialAccountId, event.socialAccountId), eq(messages.externalMessageId, payload.messageId), eq(messages.direction, 'INBOUND')));
    if (!message) return;
    const isTap = payload.kind === 'message.postback';
    const order: TriggerType[] = !isTap
      ? ['DM_RECEIVED']
      : payload.postbackType === 'QUICK_REPLY'
        ? ['QUICK_REPLY_CLICKED', 'DM_RECEIVED']
        : ['BUTTON_CLICKED'];
    const automationEvent: AutomationEvent = {
      ...base,
      text: message.text,
      payload: isTap ? (payload.payload ?? null) : null,
      tap: isTap,
      senderExternalId: payload.sender?.id ?? null,
      conversationId: message.conversationId,
      conversationMessageId: message.id,
    };
    await recordRuns(tx, services, automationEvent, order);
    return;
  }

  if (payload.kind === 'comment.created' && payload.commentId) {
    const [comment] = await tx
      .select()
      .from(fetchedComments)
      .where(and(eq(fetchedComments.socialAccountId, event.socialAccountId), eq(fetchedComments.externalId, payload.commentId)));
    if (!comment || comment.platformData.owner) return;
    await recordRuns(
      tx,
      services,
      {
        ...base,
        text: comment.text,
        payload: null,
        tap: false,
        senderExternalId: comment.authorExternalId,
        postId: comment.postId,
        fetchedCommentId: comment.id,
      },
      ['COMMENT_CREATED'],
    );
  }
}
