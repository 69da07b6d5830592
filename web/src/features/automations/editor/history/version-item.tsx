import { ChevronDown, ChevronRight, RotateCcw } from 'lucide-react';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import type { Flow } from '../../api/flows';
import type { FlowVersionEntry } from '../../api/flow-versions';
import { sameDefinition } from '../../lib/editor-model';
import { TRIGGER_LABELS } from '../../lib/flow-summary';
import { VersionRunCounts } from './version-run-counts';

type Props = { flow: Flow; version: FlowVersionEntry; expanded: boolean; onToggle: () => void; onLoad: () => void };

export function VersionItem({ flow, version, expanded, onToggle, onLoad }: Props) {
  const draft = flow.draftVersion?.definition;
  const isDraft = useMemo(() => !!draft && sameDefinition(draft, version.definition), [draft, version.definition]);
  const steps = version.definition.steps.length;
  return (
    <li aria-label={`v${version.version}`} className="rounded-lg border border-zinc-200">
      <div className="flex flex-wrap items-center gap-2 px-3 py-2.5">
        <span className="font-semibold text-zinc-900">v{version.version}</span>
        {version.live ? <Badge tone="success">Live</Badge> : null}
        {isDraft ? <Badge tone="neutral">Same as the draft</Badge> : null}
        <span className="text-xs text-zinc-500">{version.publishedAt ? formatDateTime(version.publishedAt) : ''}</span>
        <p className="w-full text-xs text-zinc-600">
          {TRIGGER_LABELS[version.definition.trigger.type]} · {steps} step{steps === 1 ? '' : 's'}
        </p>
        <div className="flex w-full gap-2">
          <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={onToggle}>
            {expanded ? <ChevronDown className="size-3.5" aria-hidden /> : <ChevronRight className="size-3.5" aria-hidden />}
            Run counts
          </Button>
          <Button variant="secondary" size="sm" className="ml-auto" disabled={isDraft} onClick={onLoad}>
            <RotateCcw className="size-3.5" aria-hidden />
            Load into draft…
          </Button>
        </div>
      </div>
      {expanded ? <VersionRunCounts flowId={flow.id} version={version} /> : null}
    </li>
  );
}
