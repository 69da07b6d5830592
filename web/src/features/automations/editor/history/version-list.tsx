import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateFlow, type Flow } from '../../api/flows';
import { useFlowVersions, VERSIONS_PAGE, type FlowVersionEntry } from '../../api/flow-versions';
import { VersionItem } from './version-item';

type Props = { flow: Flow; onLoaded: () => void };

/** The published versions with their run counts on demand, and loading one back into the draft. */
export function VersionList({ flow, onLoaded }: Props) {
  const [limit, setLimit] = useState(VERSIONS_PAGE);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [loading, setLoading] = useState<FlowVersionEntry | null>(null);
  const versions = useFlowVersions(flow.id, limit);
  const update = useUpdateFlow(flow.id);

  const load = async (version: FlowVersionEntry) => {
    try {
      await update.mutateAsync({ definition: version.definition });
      toast.success(`v${version.version} is now the draft`);
      setLoading(null);
      onLoaded();
    } catch (error) {
      // A version valid when published may no longer be (an account gone, a post deleted).
      setLoading(null);
      toast.error(`v${version.version} was not loaded: ${errorMessage(error)}`);
    }
  };

  if (versions.isPending) return <Skeleton className="h-32" />;
  if (versions.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        The history did not load: {errorMessage(versions.error)}
      </p>
    );
  const { items, total } = versions.data;
  if (items.length === 0) return <EmptyState icon={History} title="Never published" description="Each publish adds a version here." />;
  return (
    <>
      <ol aria-label="Published versions" className="space-y-3">
        {items.map((version) => (
          <VersionItem
            key={version.id}
            flow={flow}
            version={version}
            expanded={expanded === version.id}
            onToggle={() => setExpanded((current) => (current === version.id ? null : version.id))}
            onLoad={() => setLoading(version)}
          />
        ))}
      </ol>
      {total > items.length ? (
        <Button variant="ghost" size="sm" className="mt-3" onClick={() => setLimit((current) => current + VERSIONS_PAGE)} pending={versions.isFetching}>
          Show older versions ({total - items.length})
        </Button>
      ) : null}
      <ConfirmDialog
        open={!!loading}
        onOpenChange={(open) => (open ? undefined : setLoading(null))}
        title={`Load v${loading?.version ?? ''} into the draft?`}
        description="The saved draft is replaced by this version, and unsaved changes in the editor are lost. The live version keeps running until you publish."
        confirmLabel="Load into draft"
        pending={update.isPending}
        onConfirm={() => loading && void load(loading)}
      />
    </>
  );
}
