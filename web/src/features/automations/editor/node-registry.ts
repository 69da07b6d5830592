import type { NodeTypes } from '@xyflow/react';
import type { StepType } from '../../../../../server/automations/shared/automation-constants';
import { STEP_LABELS } from '../lib/flow-summary';
import {
  ArchiveConversationNode,
  ConditionNode,
  LikeCommentNode,
  OpenConversationNode,
  PrivateReplyNode,
  PublicReplyNode,
  SendMessageNode,
} from './nodes/step-nodes';
import { TriggerNode } from './nodes/trigger-node';

/** The canvas's node components, keyed by node type: the trigger and every step type. */
export const NODE_TYPES = {
  TRIGGER: TriggerNode,
  CONDITION: ConditionNode,
  SEND_MESSAGE: SendMessageNode,
  SEND_PRIVATE_REPLY: PrivateReplyNode,
  SEND_PUBLIC_COMMENT_REPLY: PublicReplyNode,
  LIKE_COMMENT: LikeCommentNode,
  ARCHIVE_CONVERSATION: ArchiveConversationNode,
  OPEN_CONVERSATION: OpenConversationNode,
} satisfies Record<StepType | 'TRIGGER', unknown> as unknown as NodeTypes;

/** What the palette says about each step. */
export const STEP_HINTS: Record<StepType, { label: string; hint: string }> = {
  CONDITION: { label: STEP_LABELS.CONDITION, hint: 'Continue only when the text, payload, platform or sender match' },
  SEND_MESSAGE: { label: STEP_LABELS.SEND_MESSAGE, hint: 'A direct message in the conversation' },
  SEND_PRIVATE_REPLY: { label: STEP_LABELS.SEND_PRIVATE_REPLY, hint: 'A DM answering a comment, text only' },
  SEND_PUBLIC_COMMENT_REPLY: { label: STEP_LABELS.SEND_PUBLIC_COMMENT_REPLY, hint: 'A reply everyone sees under the comment' },
  LIKE_COMMENT: { label: STEP_LABELS.LIKE_COMMENT, hint: 'Like the comment (Facebook, TikTok)' },
  ARCHIVE_CONVERSATION: { label: STEP_LABELS.ARCHIVE_CONVERSATION, hint: 'Archive the conversation in the inbox' },
  OPEN_CONVERSATION: { label: STEP_LABELS.OPEN_CONVERSATION, hint: 'Reopen the conversation in the inbox' },
};
