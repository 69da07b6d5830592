import { useState } from 'react';
import { TRIGGER_KEY, type EditorDefinition, type EditorStep, type Problems } from '../lib/editor-model';
import type { NodeCounts } from '../lib/run-counts';
import { resultKey, type TestResults } from '../lib/test-results';
import { NODE_GAP, NODE_HEIGHT, type FlowNode } from './node-types';

const row = (index: number) => ({ x: 0, y: index * (NODE_HEIGHT + NODE_GAP) });
const countsKey = (counts: NodeCounts | null) => (counts ? `${counts.reached}/${counts.completed}/${counts.skipped}/${counts.failed}` : '');

type Cached = { node: FlowNode; key: string; dataKey: string; step: EditorStep | null };
type Inputs = [
  definition: EditorDefinition,
  accountName: string,
  problems: Problems,
  counts: Map<string, NodeCounts> | null,
  results: TestResults | null,
  selectedId: string | null,
];
type Built = { inputs: Inputs; nodes: FlowNode[]; cache: Map<string, Cached> };

/**
 * The canvas's nodes, each object kept as long as what it shows is the same. xyflow re-renders
 * a node only when its object changes, and the problems, counts and test results maps are rebuilt
 * on every edit (and every counts refresh or test run): without this an edit in one form
 * re-rendered all 100 nodes, and a test run would re-render the nodes it did not reach.
 *
 * The last build is state, replaced while rendering when an input changed (React's way of keeping
 * something from the previous render): a render React throws away leaves nothing behind.
 */
export function useStableNodes(...inputs: Inputs): FlowNode[] {
  const [built, setBuilt] = useState<Built>(() => buildNodes(inputs, new Map()));
  if (inputs.every((input, index) => input === built.inputs[index])) return built.nodes;
  const next = buildNodes(inputs, built.cache);
  setBuilt(next);
  return next.nodes;
}

/** The nodes for `inputs`, reusing from `previous` every node object whose content is unchanged. */
function buildNodes(inputs: Inputs, previous: Map<string, Cached>): Built {
  const [definition, accountName, problems, counts, results, selectedId] = inputs;
  const cache = new Map<string, Cached>();
  const reuse = (id: string, key: string, step: EditorStep | null, build: (data: FlowNode['data'] | null) => FlowNode) => {
    const cached = previous.get(id);
    const dataKey = key.slice(key.indexOf('|'));
    const sameData = !!cached && cached.step === step && cached.dataKey === dataKey;
    // A node that only moved (a step added or moved above it) keeps its data object, so its
    // memoized component does not render again: xyflow only moves its wrapper.
    const node = sameData && cached.key === key ? cached.node : build(sameData ? cached.node.data : null);
    cache.set(id, { node, key, dataKey, step });
    return node;
  };
  const common = (id: string) => ({ problems: problems.get(id) ?? [], counts: counts?.get(id) ?? null, result: results?.get(id) ?? null });
  const keyOf = (id: string, extra: string) =>
    `${extra}|${selectedId === id}|${(problems.get(id) ?? []).join('\n')}|${countsKey(counts?.get(id) ?? null)}|${resultKey(results?.get(id) ?? null)}`;

  const { trigger } = definition;
  const nodes: FlowNode[] = [
    reuse(TRIGGER_KEY, keyOf(TRIGGER_KEY, `0|${JSON.stringify(trigger)}|${accountName}`), null, () => ({
      id: TRIGGER_KEY,
      type: 'TRIGGER',
      position: row(0),
      deletable: false,
      selected: selectedId === TRIGGER_KEY,
      ariaLabel: 'Trigger',
      data: { ...common(TRIGGER_KEY), trigger, accountName },
    })),
    ...definition.steps.map((step, index) =>
      reuse(
        step.id,
        keyOf(step.id, String(index)),
        step,
        (data) =>
          ({
            id: step.id,
            type: step.type,
            position: row(index + 1),
            selected: selectedId === step.id,
            ariaLabel: `Step ${index + 1}: ${step.id}`,
            data: data ?? { ...common(step.id), step },
          }) as FlowNode,
      ),
    ),
  ];
  return { inputs, nodes, cache };
}
