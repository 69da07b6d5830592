import { Background, Controls, MarkerType, ReactFlow, useReactFlow, type NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { EditorDefinition, Problems } from '../lib/editor-model';
import type { NodeCounts } from '../lib/run-counts';
import type { TestResults } from '../lib/test-results';
import { canvasKey } from './canvas-keys';
import { NODE_TYPES } from './node-registry';
import { useStableNodes } from './stable-nodes';
import type { FlowEdge, FlowNode } from './node-types';

type Props = {
  definition: EditorDefinition;
  accountName: string;
  problems: Problems;
  counts: Map<string, NodeCounts> | null;
  results: TestResults | null;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onDelete: (ids: string[]) => void;
  onMove: (id: string, by: -1 | 1) => void;
};

/**
 * The flow as the executor runs it: the trigger, then each step in order, top to bottom. Order is
 * the list's order (there are no branches), so nodes are placed, not dragged; an edge leaving a
 * condition says the run goes on only when it matches. The keyboard moves between nodes (arrows),
 * reorders steps (Alt+arrows) and deletes them (Delete), as canvas-keys.ts says.
 */
export function FlowCanvas({ definition, accountName, problems, counts, results, selectedId, onSelect, onDelete, onMove }: Props) {
  const nodes = useStableNodes(definition, accountName, problems, counts, results, selectedId);
  // A long flow opens on its trigger at a readable size rather than whole and tiny.
  const [initialFit] = useState(() => ({
    maxZoom: 1,
    padding: 0.2,
    nodes: nodes.length > FITS_WHOLE ? nodes.slice(0, 4).map((node) => ({ id: node.id })) : undefined,
  }));

  // Edges depend on the order and types only: typing in a form leaves them (and their paths) alone.
  const order = nodes.map((node) => `${node.id}:${node.type}`).join(' ');
  const edges = useMemo<FlowEdge[]>(() => {
    const chain = order.split(' ').map((entry) => entry.split(':') as [string, string]);
    return chain.slice(1).map(([id], index) => {
      const [fromId, fromType] = chain[index]!;
      const afterCondition = fromType === 'CONDITION';
      return {
        id: `${fromId}->${id}`,
        source: fromId,
        target: id,
        type: 'smoothstep',
        label: afterCondition ? 'only if matched' : `${index + 1}`,
        markerEnd: { type: MarkerType.ArrowClosed },
        style: afterCondition ? { strokeDasharray: '5 4' } : undefined,
        deletable: false,
        focusable: false,
      };
    });
  }, [order]);

  // Stable handlers: xyflow's store and every node keep theirs across the builder's renders. They
  // read the latest props from a ref set once the render commits (before xyflow's own effects run).
  const latest = useRef({ onSelect, onDelete, onMove, selectedId, order });
  useLayoutEffect(() => {
    latest.current = { onSelect, onDelete, onMove, selectedId, order };
  });
  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => {
    const { onSelect: select, selectedId: current } = latest.current;
    const selected = changes.find((change) => change.type === 'select' && change.selected);
    if (selected && selected.type === 'select') select(selected.id);
    else if (changes.some((change) => change.type === 'select' && change.id === current && !change.selected)) select(null);
  }, []);
  const onNodesDelete = useCallback((deleted: FlowNode[]) => latest.current.onDelete(deleted.map((node) => node.id)), []);
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    const { selectedId: current, onSelect: select, onMove: move, order: chain } = latest.current;
    const action = canvasKey(
      event,
      current,
      chain.split(' ').map((entry) => entry.split(':')[0]!),
    );
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'move') move(action.id, action.by);
    else select(action.id);
    focusNode(action.id);
  }, []);

  return (
    <ReactFlow<FlowNode, FlowEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={onNodesChange}
      onNodesDelete={onNodesDelete}
      onKeyDown={onKeyDown}
      deleteKeyCode={['Delete', 'Backspace']}
      fitView
      fitViewOptions={initialFit}
      nodesDraggable={false}
      nodesConnectable={false}
      edgesFocusable={false}
      minZoom={0.3}
      proOptions={{ hideAttribution: true }}
      aria-label="Flow canvas"
    >
      <FitOnGrowth count={nodes.length} selectedId={selectedId} order={nodes.map((node) => node.id)} />
      <Background gap={16} />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}

/**
 * The focus follows the node. xyflow re-renders its nodes from its own store an effect later,
 * and a node React moves in the DOM (reordering) loses the focus: it is given back for a few frames.
 */
function focusNode(id: string, frames = 10) {
  requestAnimationFrame(() => {
    const element = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
    if (element && document.activeElement !== element) element.focus();
    if (frames > 1) focusNode(id, frames - 1);
  });
}

/** Flows up to this many nodes are shown whole; longer ones show the selected node and its neighbours. */
const FITS_WHOLE = 6;

/**
 * A step added below the fold comes into view. A long flow fitted whole would be too small to
 * read (and would open on its middle): it opens on the trigger, and a new step is brought in with
 * the nodes around it.
 */
function FitOnGrowth({ count, selectedId, order }: { count: number; selectedId: string | null; order: string[] }) {
  const { fitView } = useReactFlow();
  // The selection and order of the moment the count changed; they alone do not move the view.
  const fit = useEffectEvent(() => {
    const at = Math.max(0, selectedId ? order.indexOf(selectedId) : 0);
    const around = count <= FITS_WHOLE ? undefined : order.slice(Math.max(0, at - 1), at + 3).map((id) => ({ id }));
    void fitView({ maxZoom: 1, padding: 0.2, duration: 150, nodes: around });
  });
  useEffect(() => {
    fit();
  }, [count]);
  return null;
}
