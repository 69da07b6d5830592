import type { Edge, Node } from '@xyflow/react';
import type { StepType } from '@server/automations/shared/automation-constants';
import type { TriggerInput } from '@server/automations/shared/flow-definition';
import type { EditorStep } from '../lib/editor-model';
import type { NodeCounts } from '../lib/run-counts';
import type { NodeResult } from '../lib/test-results';

/** What every node shows besides its own content: problems and, on demand, run counts or its last test result. */
type Common = { problems: string[]; counts: NodeCounts | null; result: NodeResult | null };
export type TriggerNodeData = Common & { trigger: TriggerInput; accountName: string };
/** The editor's step of one type. */
export type StepOf<T extends StepType> = Extract<EditorStep, { type: T }>;
export type StepNodeData<T extends StepType = StepType> = Common & { step: StepOf<T> };

/** The node union: the trigger, then one node type per step type (`type` is the step type). */
export type TriggerFlowNode = Node<TriggerNodeData, 'TRIGGER'>;
export type StepFlowNode<T extends StepType = StepType> = Node<StepNodeData<T>, T>;
export type FlowNode = TriggerFlowNode | { [T in StepType]: StepFlowNode<T> }[StepType];
export type FlowEdge = Edge;

/** Fixed node sizes: the canvas lays steps out in order, and xyflow needs no measuring pass. */
export const NODE_WIDTH = 300;
export const NODE_HEIGHT = 112;
export const NODE_GAP = 56;
