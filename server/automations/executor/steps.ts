import { createComment } from '../../comments/comments.service';
import { actOnFetchedComment } from '../../comments/fetched-comments.service';
import type { ExecutionInput } from '../../db/schema/automations';
import { setConversationStatus } from '../../inbox/conversations.service';
import { sendPrivateReply, sendRichMessage } from '../../inbox/send.service';
import type { AppServices } from '../../services';
import type { FlowDefinition } from '../shared/flow-definition';
import { conditionsHold, subjectOf } from './conditions';

export type StepDefinition = FlowDefinition['steps'][number];

/** What a run knows while its steps go: a private reply gives later steps its conversation. */
export type RunContext = {
  organizationId: string;
  teamId: string;
  platform: string;
  input: ExecutionInput;
  senderExternalId: string | null;
  conversationId: string | null;
  fetchedCommentId: string | null;
};

/** A step's result: `stop` ends the run as SKIPPED at this step (a condition that did not hold). */
export type StepOutcome = { output: Record<string, unknown>; stop?: boolean };

export class StepError extends Error {}

function need<T>(value: T | null | undefined, what: string): T {
  if (value == null) throw new StepError(`This step needs ${what}, and the run has none`);
  return value;
}

/**
 * Runs one step through the same services the API uses: an automated message is an ordinary
 * message of the conversation (quota, 24-hour window, `conversation.message.created`), a public
 * reply is an ordinary comment published by the comments worker.
 */
export async function runStep(services: AppServices, step: StepDefinition, run: RunContext, signal: AbortSignal): Promise<StepOutcome> {
  const scope = { organizationId: run.organizationId };
  // A step whose run ran out of time acts no more: checked before each service call, and the
  // message sends check again right before the platform call (send.service.ts).
  signal.throwIfAborted();
  switch (step.type) {
    case 'CONDITION': {
      const holds = conditionsHold(step.conditions, subjectOf(run.input, run.senderExternalId));
      return { output: { matched: holds }, stop: !holds };
    }
    case 'SEND_MESSAGE': {
      const conversationId = need(run.conversationId, 'a conversation');
      const sent = await sendRichMessage(
        services,
        { ...scope, conversationId },
        { teamId: run.teamId, message: step.message as Parameters<typeof sendRichMessage>[2]['message'] },
        { signal },
      );
      return { output: { messageId: sent.messageId, externalMessageId: sent.externalMessageId } };
    }
    case 'SEND_PRIVATE_REPLY': {
      const fetchedCommentId = need(run.fetchedCommentId, 'a comment');
      const sent = await sendPrivateReply(services, scope, { teamId: run.teamId, fetchedCommentId, content: { text: step.message.text } }, { signal });
      run.conversationId = sent.conversation.id;
      return { output: { conversationId: sent.conversation.id, messageId: sent.message.id } };
    }
    case 'SEND_PUBLIC_COMMENT_REPLY': {
      const fetchedCommentId = need(run.fetchedCommentId, 'a comment');
      const postId = need(run.input.postId, 'a post');
      const comment = await createComment(services, scope, {
        teamId: run.teamId,
        internalPostId: postId,
        fetchedParentCommentId: fetchedCommentId,
        socialAccountTypes: [run.platform as 'FACEBOOK'],
        text: step.text,
      });
      return { output: { commentId: comment.id } };
    }
    case 'LIKE_COMMENT': {
      const commentId = need(run.fetchedCommentId, 'a comment');
      await actOnFetchedComment(services, { ...scope, commentId, teamId: run.teamId, action: 'LIKE' });
      return { output: { liked: true } };
    }
    case 'ARCHIVE_CONVERSATION':
    case 'OPEN_CONVERSATION': {
      const id = need(run.conversationId, 'a conversation');
      const status = step.type === 'ARCHIVE_CONVERSATION' ? 'ARCHIVED' : 'OPEN';
      await setConversationStatus(services.db, { ...scope, id, status });
      return { output: { status } };
    }
  }
}
