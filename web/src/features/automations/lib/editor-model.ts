import { z } from 'zod';
import { PLATFORM_SUPPORT, STEP_TYPES, type AutomationPlatform, type PlatformScope, type StepType } from '@server/automations/shared/automation-constants';
import {
  FlowDefinitionSchema,
  generatedStepId,
  normalizeDefinition,
  StepSchema,
  type FlowDefinitionInput,
  type StepInput,
  type TriggerInput,
} from '@server/automations/shared/flow-definition';
import { fitProblems } from '@server/automations/shared/flow-fit';
import { parseProblems, problemNode, type FlowProblem } from '@server/automations/shared/flow-problems';
import { ApiError } from '@/lib/api-client';
import { formErrorMap } from '@/lib/zod-messages';

/** In the editor every step has its id, so problems (client or server) can name its node. */
export type EditorStep = StepInput & { id: string };
export type { Condition } from '@server/automations/shared/flow-definition';
export type EditorDefinition = { trigger: TriggerInput; steps: EditorStep[] };
/** `trigger`, a step id, or `flow` for what belongs to no node. */
export type NodeKey = string;
export const TRIGGER_KEY = 'trigger';
export const FLOW_KEY = 'flow';
export type Problems = Map<NodeKey, string[]>;

/** The zod schema of one step type: each node form validates with exactly what the API checks. */
export function stepSchemaFor(type: StepType): z.ZodTypeAny {
  const schema = StepSchema.options.find((option) => option.shape.type.value === type);
  if (!schema) throw new Error(`No schema for step type ${type}`);
  return schema;
}

export function defaultPlatform(scope: PlatformScope): AutomationPlatform {
  return scope === 'BOTH' ? 'INSTAGRAM' : scope;
}

export function emptyDefinition(scope: PlatformScope, socialAccountId: string | null): EditorDefinition {
  const platform = defaultPlatform(scope);
  return { trigger: { type: 'COMMENT_CREATED', platform, socialAccountId, keywords: [], matchMode: 'ANY' }, steps: [] };
}

/** Ids for steps that have none, the way the API generates them (`send_message_2`), never colliding. */
export function withStepIds(definition: { trigger: TriggerInput; steps: StepInput[] }): EditorDefinition {
  const taken = new Set(definition.steps.flatMap((step) => (step.id ? [step.id] : [])));
  const steps = definition.steps.map((step, index) => ({ ...step, id: step.id ?? freshStepId(step.type, index, taken) }));
  return { trigger: definition.trigger, steps };
}

function freshStepId(type: StepType, index: number, taken: Set<string>): string {
  let id = generatedStepId(type, index);
  for (let suffix = 2; taken.has(id); suffix += 1) id = `${generatedStepId(type, index)}_${suffix}`;
  taken.add(id);
  return id;
}

/** The id of a step added at `index`: the API's way (`send_message_2`), taken by none of `steps`. */
export function newStepId(type: StepType, steps: EditorStep[], index: number): string {
  return freshStepId(type, index, new Set(steps.map((step) => step.id)));
}

export function supportedSteps(platform: AutomationPlatform): StepType[] {
  return STEP_TYPES.filter((type) => PLATFORM_SUPPORT[platform].steps.includes(type));
}

function add(problems: Problems, key: NodeKey, message: string) {
  problems.set(key, [...(problems.get(key) ?? []), message]);
}

/** Where a zod issue path (from the definition's root) belongs. */
function keyOfPath(path: readonly (string | number)[], steps: EditorStep[]): { key: NodeKey; field: string } {
  if (path[0] === 'trigger') return { key: TRIGGER_KEY, field: path.slice(1).join('.') };
  if (path[0] === 'steps' && typeof path[1] === 'number') {
    const step = steps[path[1]];
    if (step) return { key: step.id, field: path.slice(2).join('.') };
  }
  return { key: FLOW_KEY, field: path.join('.') };
}

function describe(field: string, message: string) {
  return field ? `${field}: ${message}` : message;
}

/** The first validation stage, run in the browser on every change: shape errors land on their nodes. */
export function shapeProblems(definition: EditorDefinition): Problems {
  const problems: Problems = new Map();
  const parsed = FlowDefinitionSchema.safeParse(definition, { errorMap: formErrorMap });
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const { key, field } = keyOfPath(issue.path, definition.steps);
    add(problems, key, describe(field, issue.message));
  }
  return problems;
}

/** Second-stage problems (`where: message`) on the nodes they name; a step that is gone leaves its problem on the flow. */
export function nodeProblems(list: readonly FlowProblem[], steps: EditorStep[]): Problems {
  const problems: Problems = new Map();
  for (const problem of list) {
    const node = problemNode(problem);
    const key = node === null ? FLOW_KEY : node.kind === 'trigger' ? TRIGGER_KEY : node.stepId;
    const known = key === TRIGGER_KEY || key === FLOW_KEY || steps.some((step) => step.id === key);
    const field = problem.where.startsWith('trigger.') ? problem.where.slice('trigger.'.length) : node === null ? problem.where : '';
    add(problems, known ? key : FLOW_KEY, describe(known ? field : problem.where, problem.message));
  }
  return problems;
}

/**
 * The problems of a saved draft that only the server could tell (permissions, the post, uploads):
 * the rest the builder already works out live, and keeps current as the person edits.
 */
export function serverOnlyProblems(answer: readonly FlowProblem[], scope: PlatformScope, saved: EditorDefinition): FlowProblem[] {
  const known = new Set(fitProblems(scope, saved).map((problem) => `${problem.where}\n${problem.message}`));
  return answer.filter((problem) => !known.has(`${problem.where}\n${problem.message}`));
}

/**
 * A refused save or publish, back on the nodes: shape errors come as `issues` whose paths start at
 * `definition` (or `draftVersion.definition`); every other problem is one `; `-joined message whose parts name their node.
 */
export function serverProblems(error: unknown, steps: EditorStep[]): Problems {
  const problems: Problems = new Map();
  if (!(error instanceof ApiError)) return problems;
  if (error.issues.length > 0) {
    for (const issue of error.issues) {
      const at = issue.path.indexOf('definition');
      const { key, field } = keyOfPath(at >= 0 ? issue.path.slice(at + 1) : issue.path, steps);
      add(problems, key, describe(field, issue.message));
    }
    return problems;
  }
  return nodeProblems(parseProblems(error.message), steps);
}

/** Every node's problems from each source, each message once (the browser and the server may both say it). */
export function mergeProblems(...all: Problems[]): Problems {
  const merged: Problems = new Map();
  for (const problems of all)
    for (const [key, messages] of problems) for (const message of messages) if (!merged.get(key)?.includes(message)) add(merged, key, message);
  return merged;
}

/**
 * Whether two definitions say the same: both are normalized as the API stores them (its defaults
 * filled in), keys sorted, and absent and null fields count as equal.
 */
export function sameDefinition(a: { trigger: object; steps: object[] }, b: { trigger: object; steps: object[] }): boolean {
  // Definitions from the API (its generated types) and from the editor have the same shape.
  return stableJson(normalizeDefinition(a as FlowDefinitionInput)) === stableJson(normalizeDefinition(b as FlowDefinitionInput));
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>)
            .filter(([, field]) => field !== null && field !== undefined)
            .sort(([x], [y]) => x.localeCompare(y)),
        )
      : inner,
  );
}
