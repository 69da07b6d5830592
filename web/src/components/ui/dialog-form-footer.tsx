import { Button } from './button';
import { DialogClose, DialogFooter } from './dialog';

/** Cancel and submit for a form in a dialog: Escape or Cancel closes, Enter submits. */
export function DialogFormFooter({ submitLabel, pending }: { submitLabel: string; pending: boolean }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
