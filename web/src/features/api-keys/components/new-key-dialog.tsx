import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { CreatedApiKey } from '../api/create-api-key';

/** The one and only time the secret is on screen; closing forgets it. */
export function NewKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Copy your new API key"
        description={apiKey ? `The key “${apiKey.name}” is ready. Send it in the x-api-key header.` : undefined}
        className="max-w-lg"
        // Clicking beside the dialog must not lose a secret that cannot be shown again.
        onInteractOutside={(event) => event.preventDefault()}
      >
        {apiKey ? (
          <>
            <div role="note" className="mb-4 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
              <p>
                <strong className="font-semibold">This is the only time the key is shown.</strong> Store it somewhere safe now, such as your password manager or
                your app's secrets. If you lose it, revoke it and create a new one.
              </p>
            </div>
            <Label htmlFor="new-api-key">API key</Label>
            <div className="mt-1.5 flex gap-2">
              <Input id="new-api-key" readOnly value={apiKey.key} className="font-mono text-[13px]" onFocus={(event) => event.currentTarget.select()} />
              <CopyButton value={apiKey.key} />
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button>I have saved the key</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
