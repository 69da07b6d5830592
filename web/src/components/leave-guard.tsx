import { useBlocker, type ShouldBlockFn } from '@tanstack/react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

type Move = Parameters<ShouldBlockFn>[0];

type Props = {
  /** Saves what can be saved now; the guard asks only if something is still unsaved afterwards. */
  save: () => Promise<unknown>;
  unsaved: () => boolean;
  /** Moves that keep the work on screen (another tab of the same page) pass without saving. */
  keepsWork?: (move: Move) => boolean;
  title: string;
  /** Why the work is not saved (the last save's failure), for the question. */
  reason: string | null;
};

/**
 * Never lose work: leaving a page with edits saves them on the way out and asks only when that
 * fails (offline, the server down). Closing the tab with unsaved edits gets the browser's prompt.
 */
export function LeaveGuard({ save, unsaved, keepsWork, title, reason }: Props) {
  const blocker = useBlocker({
    shouldBlockFn: async (move) => {
      if (keepsWork?.(move)) return false;
      await save();
      return unsaved();
    },
    enableBeforeUnload: () => unsaved(),
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => (open ? undefined : blocker.reset?.())}
      title={title}
      description={`${reason ?? 'Your latest changes are not saved.'} If you leave now, the changes since the last save are lost.`}
      confirmLabel="Leave without saving"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
