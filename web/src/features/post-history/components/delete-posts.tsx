import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteImportedPosts } from '../api/delete-imported-posts';

type DeletePostsProps = {
  teamId: string;
  platform: string;
  label: string;
  selected: ReadonlySet<string>;
  loadedIds: string[];
  onSelect: (ids: string[]) => void;
};

const plural = (count: number) => `${count} post${count === 1 ? '' : 's'}`;

/** The grid's selection actions: select what is loaded, clear, and delete the selection after a confirmation. */
export function DeletePosts({ teamId, platform, label, selected, loadedIds, onSelect }: DeletePostsProps) {
  const { mutation: remove, progress } = useDeleteImportedPosts(teamId, platform);
  const [confirming, setConfirming] = useState(false);
  const count = selected.size;
  const allSelected = loadedIds.length > 0 && loadedIds.every((id) => selected.has(id));

  const confirm = () =>
    remove.mutate([...selected], {
      onSuccess: ({ deletedCount }) => {
        toast.success(`Deleted ${plural(deletedCount)}`);
        onSelect([]);
        setConfirming(false);
      },
    });

  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Selected posts">
      {count > 0 ? (
        <span className="text-sm text-zinc-600" aria-live="polite">
          {count} selected
        </span>
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => onSelect(allSelected ? [] : loadedIds)} disabled={loadedIds.length === 0}>
        {allSelected ? 'Clear selection' : 'Select all shown'}
      </Button>
      <Button
        variant="danger-ghost"
        size="sm"
        disabled={count === 0}
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        <Trash2 className="size-4" aria-hidden />
        Delete…
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${plural(count)}?`}
        description={
          <>
            The selected imported {count === 1 ? 'post and its' : 'posts and their'} analytics are removed from this service. Nothing changes on {label}; a
            later import can bring {count === 1 ? 'it' : 'them'} in again.
            {progress ? (
              <span role="status" className="mt-3 block font-medium text-zinc-800">
                Deleting… {progress.done} of {progress.total}
              </span>
            ) : null}
            {remove.isError ? (
              <span role="alert" className="mt-3 block text-red-700">
                {errorMessage(remove.error)}
              </span>
            ) : null}
          </>
        }
        confirmLabel={remove.isError ? 'Try again' : `Delete ${plural(count)}`}
        pending={remove.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
