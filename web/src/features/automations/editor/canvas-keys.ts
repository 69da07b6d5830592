import { TRIGGER_KEY } from '../lib/editor-model';

export type CanvasAction = { kind: 'select'; id: string } | { kind: 'move'; id: string; by: -1 | 1 };

/**
 * What a key pressed on the canvas does, with `order` the node ids top to bottom (the trigger
 * first). The order of steps is the only connection a flow has, so "connecting" a step means
 * placing it: Alt+↑/↓ moves the selected step up or down (not above the trigger); ↑/↓ alone
 * selects the node above or below; Home/End the first and last. Delete is xyflow's own.
 */
export function canvasKey(
  event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean },
  selectedId: string | null,
  order: string[],
): CanvasAction | null {
  if (event.ctrlKey || event.metaKey) return null;
  const index = selectedId ? order.indexOf(selectedId) : -1;
  const by = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
  if (event.altKey) {
    if (!by || index < 1 || selectedId === TRIGGER_KEY) return null;
    const target = index + by;
    return target >= 1 && target < order.length ? { kind: 'move', id: selectedId!, by } : null;
  }
  if (event.key === 'Home') return order[0] ? { kind: 'select', id: order[0] } : null;
  if (event.key === 'End') return order.length ? { kind: 'select', id: order[order.length - 1]! } : null;
  if (!by) return null;
  const next = order[index < 0 ? 0 : index + by];
  return next ? { kind: 'select', id: next } : null;
}
