import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTeamAccounts } from '@/api/get-team-accounts';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useFlow } from '../api/flows';
import { ExecutionsPanel } from '../components/executions-panel';
import { FlowStatusBadge } from '../components/flow-status-badge';
import { TabBar, type Tab } from '../components/tab-bar';
import { flowSummary } from '../lib/flow-summary';
import { FlowBuilder } from './flow-builder';
import { FlowHistory } from './history/flow-history';

/** `test` is the Build view with the test panel beside the canvas (the URL keeps which panel is open). */
export type EditorTab = 'build' | 'runs' | 'test';
const TABS: readonly Tab<Exclude<EditorTab, 'test'>>[] = [
  { id: 'build', label: 'Build' },
  { id: 'runs', label: 'Runs' },
];

type Props = { flowId: string; teamId: string; tab: EditorTab; onTab: (tab: EditorTab) => void };

export function FlowEditorPage({ flowId, teamId, tab, onTab }: Props) {
  const flow = useFlow(flowId).data;
  const accounts = useTeamAccounts(teamId).data;
  const summary = flowSummary(flow);
  // The builder keeps its own copy of the definition: a version loaded into the draft starts it afresh.
  const [draftLoads, setDraftLoads] = useState(0);
  const building = tab !== 'runs';
  const isActive = (id: EditorTab) => (id === 'build' ? building : tab === id);
  return (
    <div>
      <Link to="/automations" className="mb-2 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="size-3.5" aria-hidden />
        Automations
      </Link>
      <header className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{flow.name}</h1>
        <FlowStatusBadge status={flow.status} />
        <p className="text-sm text-zinc-600" aria-label="Versions">
          {flow.publishedVersion
            ? `Live: v${flow.publishedVersion.version}, published ${flow.publishedVersion.publishedAt ? formatDateTime(flow.publishedVersion.publishedAt) : ''}`
            : 'Never published'}
          {flow.draftVersion ? ` · Draft v${flow.draftVersion.version}, saved ${formatDateTime(flow.draftVersion.updatedAt)}` : ' · No saved draft'}
        </p>
        {flow.publishedVersion && summary.draftDiffers ? <Badge tone="warning">Draft differs from the live version</Badge> : null}
        <div className="ml-auto">
          <FlowHistory
            flow={flow}
            onLoaded={() => {
              setDraftLoads((count) => count + 1);
              onTab('build');
            }}
          />
        </div>
      </header>
      <TabBar label="Flow views" tabs={TABS} selected={isActive} onSelect={onTab} className="mb-4" />
      {building ? (
        <FlowBuilder
          key={draftLoads}
          flow={flow}
          teamId={teamId}
          accounts={accounts}
          side={tab === 'test' ? 'test' : 'node'}
          onSide={(side) => onTab(side === 'test' ? 'test' : 'build')}
        />
      ) : null}
      {tab === 'runs' ? <ExecutionsPanel flow={flow} /> : null}
    </div>
  );
}

export function FlowEditorSkeleton() {
  return (
    <div className="space-y-4">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-[32rem]" />
    </div>
  );
}
