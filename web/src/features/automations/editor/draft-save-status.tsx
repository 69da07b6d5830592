import { Check, CircleAlert, LoaderCircle } from 'lucide-react';
import type { DraftSaveState } from './use-draft-autosave';

const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** Where the draft stands, and how many problems stand between it and publishing: announced politely. */
export function DraftSaveStatus({ state, problemCount }: { state: DraftSaveState; problemCount: number }) {
  return (
    <p role="status" aria-live="polite" className="flex min-h-5 flex-wrap items-center gap-x-1.5 text-xs text-zinc-500">
      {state.kind === 'saving' ? (
        <>
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          Saving…
        </>
      ) : state.kind === 'pending' ? (
        'Unsaved changes'
      ) : state.kind === 'failed' ? (
        <>
          <CircleAlert className="size-3.5 shrink-0 text-amber-600" aria-hidden />
          {state.reason}
        </>
      ) : state.at ? (
        <>
          <Check className="size-3.5 text-emerald-600" aria-hidden />
          Draft saved at {clock.format(state.at)}
        </>
      ) : (
        'Changes save to the draft as you work'
      )}
      {problemCount ? <span>· {problemCount} problem(s) to fix before publishing</span> : null}
    </p>
  );
}
