import { ArrowDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AutosaveStatus } from './autosave-status';
import type { AutosaveState } from './use-autosave';

type PublishBarProps = { publishId: string; problems: number; autosave: AutosaveState | null };

/**
 * Below the wide layout the Publish card sits under every tab, thousands of pixels down a phone:
 * this bar stays at the bottom of the screen with the save state and a way straight to it.
 */
export function PublishBar({ publishId, problems, autosave }: PublishBarProps) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex items-center gap-3 border-t border-zinc-200 bg-white/95 px-4 py-2.5 backdrop-blur sm:-mx-6 sm:px-6 xl:hidden">
      <div className="min-w-0 flex-1">
        {problems > 0 ? <p className="text-xs font-medium text-red-600">{problems === 1 ? '1 problem to fix' : `${problems} problems to fix`}</p> : null}
        {autosave ? <AutosaveStatus state={autosave} /> : null}
      </div>
      <Button
        size="sm"
        onClick={() => {
          const card = document.getElementById(publishId);
          card?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          card?.querySelector<HTMLElement>('input, select, button')?.focus({ preventScroll: true });
        }}
      >
        <ArrowDown className="size-4" aria-hidden />
        Go to Publish
      </Button>
    </div>
  );
}
