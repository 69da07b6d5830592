import * as DialogPrimitive from '@radix-ui/react-dialog';
import { History, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Flow } from '../../api/flows';
import { VersionList } from './version-list';

type Props = { flow: Flow; onLoaded: () => void };

/**
 * The "History" button and the drawer it opens: the published versions beside the editor, which
 * stays visible behind it so a version can be compared with what is on the canvas.
 */
export function FlowHistory({ flow, onLoaded }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="secondary" size="sm">
          <History className="size-4" aria-hidden />
          History
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-zinc-950/20" />
        <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-[28rem] max-w-full flex-col border-l border-zinc-200 bg-white shadow-xl focus:outline-none">
          <div className="flex items-start gap-3 border-b border-zinc-200 px-5 py-4">
            <div className="space-y-1">
              <DialogPrimitive.Title className="text-base font-semibold text-zinc-900">Version history</DialogPrimitive.Title>
              <DialogPrimitive.Description className="text-sm text-zinc-500">
                Every published version of “{flow.name}”, newest first.
              </DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close className="ml-auto rounded-md p-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700" aria-label="Close">
              <X className="size-4" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
            <VersionList
              flow={flow}
              onLoaded={() => {
                setOpen(false);
                onLoaded();
              }}
            />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
