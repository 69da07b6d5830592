import { useNavigate } from '@tanstack/react-router';
import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { toast } from '@/lib/toast';
import { useDeleteFlow, useFlowAction, type Flow, type FlowAction } from '../api/flows';
import { CopyFlowDialog } from './copy-flow-dialog';

type Confirming = 'publish' | 'delete' | null;

/** The state table's moves that apply to this flow, plus copy and delete. */
export function FlowActions({ flow }: { flow: Flow }) {
  const act = useFlowAction();
  const remove = useDeleteFlow();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [copying, setCopying] = useState(false);
  const run = (action: FlowAction) =>
    act.mutate(
      { id: flow.id, action },
      { onSuccess: () => (setConfirming(null), toast.success(`${flow.name}: ${action === 'publish' ? 'published' : `${action}d`}`)) },
    );
  const canPublish = !!flow.draftVersion;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${flow.name}`}>
            <MoreHorizontal className="size-4" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => navigate({ to: '/automations/$flowId', params: { flowId: flow.id } })}>Edit</DropdownMenuItem>
          {canPublish ? <DropdownMenuItem onSelect={() => setConfirming('publish')}>Publish…</DropdownMenuItem> : null}
          {flow.status === 'ACTIVE' ? <DropdownMenuItem onSelect={() => run('pause')}>Pause</DropdownMenuItem> : null}
          {(flow.status === 'PAUSED' || flow.status === 'ARCHIVED') && flow.publishedVersion ? (
            <DropdownMenuItem onSelect={() => run('activate')}>Activate</DropdownMenuItem>
          ) : null}
          {flow.status !== 'ARCHIVED' ? <DropdownMenuItem onSelect={() => run('archive')}>Archive</DropdownMenuItem> : null}
          <DropdownMenuItem onSelect={() => setCopying(true)}>Copy to team…</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem className="text-red-600" onSelect={() => setConfirming('delete')}>
            Delete…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming === 'publish'}
        onOpenChange={(open) => setConfirming(open ? 'publish' : null)}
        title={`Publish “${flow.name}”?`}
        description="The saved draft becomes a new version and the flow starts reacting to real comments and messages."
        confirmLabel="Publish"
        pending={act.isPending}
        onConfirm={() => run('publish')}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
        title={`Delete “${flow.name}”?`}
        description="Waiting runs are canceled and the flow disappears. Its past runs stay readable for 30 days."
        confirmLabel="Delete flow"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(flow.id, { onSuccess: () => (setConfirming(null), toast.success(`${flow.name} deleted`)) })}
      />
      {copying ? <CopyFlowDialog flow={flow} onClose={() => setCopying(false)} /> : null}
    </>
  );
}
