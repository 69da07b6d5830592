import { Background, Controls, MarkerType, ReactFlow, useReactFlow, type NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo } from 'react';
import { TRIGGER_KEY, type EditorDefinition, type Problems } from '../lib/editor-model';
import type { NodeCounts } from '../lib/run-counts';
import { NODE_TYPES } from './node-registry';
import { NODE_GAP, NODE_HEIGHT, type FlowEdge, type FlowNode } from './node-types';

type Props = {
  definition: EditorDefinition;
  accountName: string;
  problems: Problems;
  counts: Map<string, NodeCounts> | null;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onDelete: (ids: string[]) => void;
};

const row = (index: number) => ({ x: 0, y: index * (NODE_HEIGHT + NODE_GAP) });

/**
 * The flow as the executor runs it: the trigger, then each step in order, top to bottom. Order is
 * the list's order (there are no branches), so nodes are placed, not dragged; an edge leaving a
 * condition says the run goes on only when it matches.
 */
export function FlowCanvas({ definition, accountName, problems, counts, selectedId, onSelect, onDelete }: Props) {
  const nodes = useMemo<FlowNode[]>(() => {
    const common = (key: string) => ({ problems: problems.get(key) ?? [], counts: counts?.get(key) ?? null });
    const trigger: FlowNode = {
      id: TRIGGER_KEY,
      type: 'TRIGGER',
      position: row(0),
      deletable: false,
      selected: selectedId === TRIGGER_KEY,
      ariaLabel: 'Trigger',
      data: { ...common(TRIGGER_KEY), trigger: definition.trigger, accountName },
    };
    const steps = definition.steps.map(
      (step, index) =>
        ({
          id: step.id,
          type: step.type,
          position: row(index + 1),
          selected: selectedId === step.id,
          ariaLabel: `Step ${index + 1}: ${step.id}`,
          data: { ...common(step.id), step, position: index },
        }) as FlowNode,
    );
    return [trigger, ...steps];
  }, [definition, accountName, problems, counts, selectedId]);

  const edges = useMemo<FlowEdge[]>(
    () =>
      nodes.slice(1).map((node, index) => {
        const from = nodes[index]!;
        const afterCondition = from.type === 'CONDITION';
        return {
          id: `${from.id}->${node.id}`,
          source: from.id,
          target: node.id,
          type: 'smoothstep',
          label: afterCondition ? 'only if matched' : `${index + 1}`,
          markerEnd: { type: MarkerType.ArrowClosed },
          style: afterCondition ? { strokeDasharray: '5 4' } : undefined,
          deletable: false,
          focusable: false,
        };
      }),
    [nodes],
  );

  const onNodesChange = (changes: NodeChange<FlowNode>[]) => {
    const selected = changes.find((change) => change.type === 'select' && change.selected);
    if (selected && selected.type === 'select') onSelect(selected.id);
    else if (changes.some((change) => change.type === 'select' && change.id === selectedId && !change.selected)) onSelect(null);
  };

  return (
    <ReactFlow<FlowNode, FlowEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={onNodesChange}
      onNodesDelete={(deleted) => onDelete(deleted.map((node) => node.id))}
      deleteKeyCode={['Delete', 'Backspace']}
      nodesDraggable={false}
      nodesConnectable={false}
      edgesFocusable={false}
      fitView
      fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
      minZoom={0.3}
      proOptions={{ hideAttribution: true }}
      aria-label="Flow canvas"
    >
      <FitOnGrowth count={nodes.length} />
      <Background gap={16} />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}

/** A step added below the fold comes into view. */
function FitOnGrowth({ count }: { count: number }) {
  const { fitView } = useReactFlow();
  useEffect(() => {
    void fitView({ maxZoom: 1, padding: 0.2, duration: 150 });
  }, [count, fitView]);
  return null;
}
