import { FlaskConical, SlidersHorizontal } from 'lucide-react';
import { cn } from '../../../lib/cn';

export type SidePanel = 'node' | 'test';

const PANELS = [
  { id: 'node', label: 'Node settings', icon: SlidersHorizontal },
  { id: 'test', label: 'Test', icon: FlaskConical },
] as const;

/** The panel beside the canvas: the selected node's form, or the test run whose results light the nodes. */
export function SidePanelTabs({ side, onSide }: { side: SidePanel; onSide: (side: SidePanel) => void }) {
  return (
    <div role="tablist" aria-label="Beside the canvas" className="flex shrink-0 gap-1 border-b border-zinc-200 px-2">
      {PANELS.map((panel) => (
        <button
          key={panel.id}
          role="tab"
          type="button"
          aria-selected={side === panel.id}
          aria-controls={`side-${panel.id}`}
          onClick={() => onSide(panel.id)}
          className={cn(
            '-mb-px flex items-center gap-1.5 border-b-2 px-2.5 py-2 text-sm font-medium',
            side === panel.id ? 'border-accent-600 text-accent-700' : 'border-transparent text-zinc-500 hover:text-zinc-800',
          )}
        >
          <panel.icon className="size-3.5" aria-hidden />
          {panel.label}
        </button>
      ))}
    </div>
  );
}
