import { FlaskConical, SlidersHorizontal } from 'lucide-react';
import { TabBar, type Tab } from '../components/tab-bar';

export type SidePanel = 'node' | 'test';

const PANELS: readonly Tab<SidePanel>[] = [
  { id: 'node', label: 'Node settings', icon: SlidersHorizontal, controls: 'side-node' },
  { id: 'test', label: 'Test', icon: FlaskConical, controls: 'side-test' },
];

/** The panel beside the canvas: the selected node's form, or the test run whose results light the nodes. */
export function SidePanelTabs({ side, onSide }: { side: SidePanel; onSide: (side: SidePanel) => void }) {
  return <TabBar label="Beside the canvas" tabs={PANELS} selected={(id) => side === id} onSelect={onSide} className="shrink-0 px-2" />;
}
