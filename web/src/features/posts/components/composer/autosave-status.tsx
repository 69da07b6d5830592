import { Check, CircleAlert, LoaderCircle } from 'lucide-react';
import type { AutosaveState } from './use-autosave';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** "Saving…", "Saved", or why the draft is not saved: announced politely, next to the buttons. */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  return (
    <p role="status" aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-xs text-zinc-500">
      {state.kind === 'pending' || state.kind === 'saving' ? (
        <>
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          Saving…
        </>
      ) : state.kind === 'saved' ? (
        <>
          <Check className="size-3.5 text-emerald-600" aria-hidden />
          Draft saved at {timeFormat.format(state.at)}
          {state.problems > 0 ? ` · ${state.problems === 1 ? '1 problem' : `${state.problems} problems`} to fix before publishing` : ''}
        </>
      ) : state.kind === 'waiting' || state.kind === 'failed' ? (
        <>
          <CircleAlert className="size-3.5 shrink-0 text-amber-600" aria-hidden />
          {state.reason}
        </>
      ) : (
        'Drafts save as you type.'
      )}
    </p>
  );
}
