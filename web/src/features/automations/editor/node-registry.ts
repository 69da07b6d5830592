import type { NodeTypes } from '@xyflow/react';
import { Archive, Filter, Heart, Lock, MessageCircle, MessageSquareReply, MessagesSquare } from 'lucide-react';
import type { ComponentType } from 'react';
import { STEP_TYPES, type StepType } from '@server/automations/shared/automation-constants';
import { newStepId, type EditorStep } from '../lib/editor-model';
import { MessageFields } from './forms/message-fields';
import { ConditionFields, PrivateReplyFields, PublicReplyFields } from './forms/step-forms';
import type { StepOf } from './node-types';
import { stepNode, type StepNodeLook, type StepNodeProps } from './nodes/step-node';
import { conditionSummary, messageSummary, quoted } from './nodes/step-summaries';
import { TriggerNode } from './nodes/trigger-node';

/**
 * Everything the builder knows about one step type. The canvas's node types, the palette, the
 * selected step's form and a new step all come from here: a new step type is one entry below
 * (plus its settings form, if it has settings, and its summary).
 */
type StepSpec<T extends StepType> = Omit<StepNodeLook<T>, 'title'> & {
  /** The palette's and the node's title; the form is "<label> settings". */
  label: string;
  /** What the palette says under the label; a step without settings says it in its form too. */
  hint: string;
  /** The settings fields, inside the step's form; null when the step has none. */
  Settings: ComponentType<{ teamId: string }> | null;
  /** A new step with the least a person must fill in; its form shows what is still missing. */
  create: (id: string) => StepOf<T>;
};

export type StepDefinition<T extends StepType> = StepSpec<T> & {
  type: T;
  /** Its React Flow node component, made once here: `nodeTypes` must not change between renders. */
  Node: ComponentType<StepNodeProps<T>>;
};

/** The definition of any one step type. */
export type AnyStepDefinition = { [T in StepType]: StepDefinition<T> }[StepType];

function defineStep<T extends StepType>(type: T, spec: StepSpec<T>): StepDefinition<T> {
  return { ...spec, type, Node: stepNode({ ...spec, title: spec.label }) };
}

export const STEP_DEFINITIONS: { readonly [T in StepType]: StepDefinition<T> } = {
  CONDITION: defineStep('CONDITION', {
    label: 'Condition',
    hint: 'Continue only when the text, payload, platform or sender match',
    icon: Filter,
    footer: 'Not matched: the run stops here',
    summary: conditionSummary,
    Settings: ConditionFields,
    create: (id) => ({ id, type: 'CONDITION', conditions: [{ field: 'TEXT', operator: 'CONTAINS', value: '' }] }),
  }),
  SEND_MESSAGE: defineStep('SEND_MESSAGE', {
    label: 'Send a message',
    hint: 'A direct message in the conversation',
    icon: MessageCircle,
    footer: 'Direct message',
    summary: messageSummary,
    Settings: MessageFields,
    create: (id) => ({ id, type: 'SEND_MESSAGE', message: { text: '' } }),
  }),
  SEND_PRIVATE_REPLY: defineStep('SEND_PRIVATE_REPLY', {
    label: 'Private reply',
    hint: 'A DM answering a comment, text only',
    icon: Lock,
    footer: 'A DM to the commenter',
    summary: (step) => quoted(step.message.text),
    Settings: PrivateReplyFields,
    create: (id) => ({ id, type: 'SEND_PRIVATE_REPLY', message: { text: '' } }),
  }),
  SEND_PUBLIC_COMMENT_REPLY: defineStep('SEND_PUBLIC_COMMENT_REPLY', {
    label: 'Public reply',
    hint: 'A reply everyone sees under the comment',
    icon: MessageSquareReply,
    footer: 'Under the comment',
    summary: (step) => quoted(step.text),
    Settings: PublicReplyFields,
    create: (id) => ({ id, type: 'SEND_PUBLIC_COMMENT_REPLY', text: '' }),
  }),
  LIKE_COMMENT: defineStep('LIKE_COMMENT', {
    label: 'Like the comment',
    hint: 'Like the comment (Facebook, TikTok)',
    icon: Heart,
    summary: () => 'Likes the comment that started the run.',
    Settings: null,
    create: (id) => ({ id, type: 'LIKE_COMMENT' }),
  }),
  ARCHIVE_CONVERSATION: defineStep('ARCHIVE_CONVERSATION', {
    label: 'Archive conversation',
    hint: 'Archive the conversation in the inbox',
    icon: Archive,
    summary: () => 'Moves the conversation out of the open inbox.',
    Settings: null,
    create: (id) => ({ id, type: 'ARCHIVE_CONVERSATION' }),
  }),
  OPEN_CONVERSATION: defineStep('OPEN_CONVERSATION', {
    label: 'Reopen conversation',
    hint: 'Reopen the conversation in the inbox',
    icon: MessagesSquare,
    summary: () => 'Puts the conversation back in the open inbox.',
    Settings: null,
    create: (id) => ({ id, type: 'OPEN_CONVERSATION' }),
  }),
};

/** The step types in the API's order: the palette's order. */
export const STEP_DEFINITION_LIST: AnyStepDefinition[] = STEP_TYPES.map((type) => STEP_DEFINITIONS[type]);

/** The canvas's node components, keyed by node type: the trigger and every step type. */
export const NODE_TYPES = {
  TRIGGER: TriggerNode,
  ...Object.fromEntries(STEP_DEFINITION_LIST.map((definition) => [definition.type, definition.Node])),
} as NodeTypes;

/** A new step of `type` for position `index` among `steps`, with its default settings and a fresh id. */
export function createStep(type: StepType, steps: EditorStep[], index: number): EditorStep {
  return STEP_DEFINITIONS[type].create(newStepId(type, steps, index));
}
