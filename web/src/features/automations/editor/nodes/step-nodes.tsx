import type { NodeProps } from '@xyflow/react';
import { Archive, Filter, Heart, Lock, MessageCircle, MessageSquareReply, MessagesSquare } from 'lucide-react';
import { STEP_LABELS } from '../../lib/flow-summary';
import type { StepFlowNode } from '../node-types';
import { NodeShell } from './node-shell';

// One component per step type: each says what its step does in a line or two.

const quoted = (text: string | undefined) => (text ? `“${text}”` : <span className="text-zinc-400 italic">No text yet</span>);

export function ConditionNode({ data, selected }: NodeProps<StepFlowNode<'CONDITION'>>) {
  const { conditions } = data.step;
  return (
    <NodeShell icon={Filter} title={STEP_LABELS.CONDITION} id={data.step.id} selected={selected} problems={data.problems} counts={data.counts} footer="Not matched: the run stops here">
      {conditions.map((condition) => `${condition.field.toLowerCase()} ${condition.operator.toLowerCase().replace('_', ' ')} “${condition.value}”`).join(' and ')}
    </NodeShell>
  );
}

export function SendMessageNode({ data, selected }: NodeProps<StepFlowNode<'SEND_MESSAGE'>>) {
  return (
    <NodeShell icon={MessageCircle} title={STEP_LABELS.SEND_MESSAGE} id={data.step.id} selected={selected} problems={data.problems} counts={data.counts} footer="Direct message">
      {quoted(data.step.message.text)}
    </NodeShell>
  );
}

export function PrivateReplyNode({ data, selected }: NodeProps<StepFlowNode<'SEND_PRIVATE_REPLY'>>) {
  return (
    <NodeShell icon={Lock} title={STEP_LABELS.SEND_PRIVATE_REPLY} id={data.step.id} selected={selected} problems={data.problems} counts={data.counts} footer="A DM to the commenter">
      {quoted(data.step.message.text)}
    </NodeShell>
  );
}

export function PublicReplyNode({ data, selected }: NodeProps<StepFlowNode<'SEND_PUBLIC_COMMENT_REPLY'>>) {
  return (
    <NodeShell icon={MessageSquareReply} title={STEP_LABELS.SEND_PUBLIC_COMMENT_REPLY} id={data.step.id} selected={selected} problems={data.problems} counts={data.counts} footer="Under the comment">
      {quoted(data.step.text)}
    </NodeShell>
  );
}

export function LikeCommentNode({ data, selected }: NodeProps<StepFlowNode<'LIKE_COMMENT'>>) {
  return (
    <NodeShell icon={Heart} title={STEP_LABELS.LIKE_COMMENT} id={data.step.id} selected={selected} problems={data.problems} counts={data.counts}>
      Likes the comment that started the run.
    </NodeShell>
  );
}

export function ArchiveConversationNode({ data, selected }: NodeProps<StepFlowNode<'ARCHIVE_CONVERSATION'>>) {
  return (
    <NodeShell icon={Archive} title={STEP_LABELS.ARCHIVE_CONVERSATION} id={data.step.id} selected={selected} problems={data.problems} counts={data.counts}>
      Moves the conversation out of the open inbox.
    </NodeShell>
  );
}

export function OpenConversationNode({ data, selected }: NodeProps<StepFlowNode<'OPEN_CONVERSATION'>>) {
  return (
    <NodeShell icon={MessagesSquare} title={STEP_LABELS.OPEN_CONVERSATION} id={data.step.id} selected={selected} problems={data.problems} counts={data.counts}>
      Puts the conversation back in the open inbox.
    </NodeShell>
  );
}
