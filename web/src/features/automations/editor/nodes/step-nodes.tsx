import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { Archive, Filter, Heart, Lock, MessageCircle, MessageSquareReply, MessagesSquare } from 'lucide-react';
import { STEP_LABELS } from '../../lib/flow-summary';
import type { StepFlowNode } from '../node-types';
import { NodeShell } from './node-shell';

// One component per step type: each says what its step does in a line or two.

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** What a message holds besides its text, in a few words (the node has two lines). */
function richParts(message: StepFlowNode<'SEND_MESSAGE'>['data']['step']['message']): string {
  const parts = [
    message.attachments?.length ? plural(message.attachments.length, 'attachment') : '',
    message.quickReplies?.length ? plural(message.quickReplies.length, 'quick reply').replace('replys', 'replies') : '',
    message.buttons?.length ? plural(message.buttons.length, 'button') : '',
    message.carousel ? `carousel of ${plural(message.carousel.cards.length, 'card')}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

const quoted = (text: string | undefined) => (text ? `“${text}”` : <span className="text-zinc-400 italic">No text yet</span>);

function ConditionNodeView({ data, selected }: NodeProps<StepFlowNode<'CONDITION'>>) {
  const { conditions } = data.step;
  return (
    <NodeShell
      icon={Filter}
      title={STEP_LABELS.CONDITION}
      id={data.step.id}
      selected={selected}
      problems={data.problems}
      counts={data.counts}
      result={data.result}
      footer="Not matched: the run stops here"
    >
      {conditions
        .map((condition) => `${condition.field.toLowerCase()} ${condition.operator.toLowerCase().replace('_', ' ')} “${condition.value}”`)
        .join(' and ')}
    </NodeShell>
  );
}

function SendMessageNodeView({ data, selected }: NodeProps<StepFlowNode<'SEND_MESSAGE'>>) {
  return (
    <NodeShell
      icon={MessageCircle}
      title={STEP_LABELS.SEND_MESSAGE}
      id={data.step.id}
      selected={selected}
      problems={data.problems}
      counts={data.counts}
      result={data.result}
      footer="Direct message"
    >
      {quoted(data.step.message.text)}
      {richParts(data.step.message) ? <span className="block text-zinc-500">+ {richParts(data.step.message)}</span> : null}
    </NodeShell>
  );
}

function PrivateReplyNodeView({ data, selected }: NodeProps<StepFlowNode<'SEND_PRIVATE_REPLY'>>) {
  return (
    <NodeShell
      icon={Lock}
      title={STEP_LABELS.SEND_PRIVATE_REPLY}
      id={data.step.id}
      selected={selected}
      problems={data.problems}
      counts={data.counts}
      result={data.result}
      footer="A DM to the commenter"
    >
      {quoted(data.step.message.text)}
    </NodeShell>
  );
}

function PublicReplyNodeView({ data, selected }: NodeProps<StepFlowNode<'SEND_PUBLIC_COMMENT_REPLY'>>) {
  return (
    <NodeShell
      icon={MessageSquareReply}
      title={STEP_LABELS.SEND_PUBLIC_COMMENT_REPLY}
      id={data.step.id}
      selected={selected}
      problems={data.problems}
      counts={data.counts}
      result={data.result}
      footer="Under the comment"
    >
      {quoted(data.step.text)}
    </NodeShell>
  );
}

function LikeCommentNodeView({ data, selected }: NodeProps<StepFlowNode<'LIKE_COMMENT'>>) {
  return (
    <NodeShell
      icon={Heart}
      title={STEP_LABELS.LIKE_COMMENT}
      id={data.step.id}
      selected={selected}
      problems={data.problems}
      counts={data.counts}
      result={data.result}
    >
      Likes the comment that started the run.
    </NodeShell>
  );
}

function ArchiveConversationNodeView({ data, selected }: NodeProps<StepFlowNode<'ARCHIVE_CONVERSATION'>>) {
  return (
    <NodeShell
      icon={Archive}
      title={STEP_LABELS.ARCHIVE_CONVERSATION}
      id={data.step.id}
      selected={selected}
      problems={data.problems}
      counts={data.counts}
      result={data.result}
    >
      Moves the conversation out of the open inbox.
    </NodeShell>
  );
}

function OpenConversationNodeView({ data, selected }: NodeProps<StepFlowNode<'OPEN_CONVERSATION'>>) {
  return (
    <NodeShell
      icon={MessagesSquare}
      title={STEP_LABELS.OPEN_CONVERSATION}
      id={data.step.id}
      selected={selected}
      problems={data.problems}
      counts={data.counts}
      result={data.result}
    >
      Puts the conversation back in the open inbox.
    </NodeShell>
  );
}

// Memoized: a node re-renders only when its own node object changes (see stable-nodes.ts).
export const ConditionNode = memo(ConditionNodeView);
export const SendMessageNode = memo(SendMessageNodeView);
export const PrivateReplyNode = memo(PrivateReplyNodeView);
export const PublicReplyNode = memo(PublicReplyNodeView);
export const LikeCommentNode = memo(LikeCommentNodeView);
export const ArchiveConversationNode = memo(ArchiveConversationNodeView);
export const OpenConversationNode = memo(OpenConversationNodeView);
