import { Menu } from 'lucide-react';

type Props =
  { kind: 'ice-breakers'; accountName: string; questions: string[] } | { kind: 'menu'; accountName: string; items: string[]; composerDisabled: boolean };

/** Roughly what a person sees opening a new chat with the account: questions to tap, or the menu. */
export function PhonePreview(props: Props) {
  return (
    <figure aria-label="Phone preview" className="mx-auto w-64 rounded-[2rem] border-8 border-zinc-900 bg-white shadow-xl">
      <div className="border-b border-zinc-200 px-3 py-2 text-center text-xs font-semibold text-zinc-900">{props.accountName}</div>
      <div className="flex h-96 flex-col justify-end gap-2 bg-zinc-50 p-3">
        {props.kind === 'ice-breakers' ? (
          props.questions.length ? (
            props.questions.map((question, index) => (
              <span key={index} className="self-center rounded-full border border-zinc-300 bg-white px-3 py-1.5 text-center text-xs text-zinc-800">
                {question || '…'}
              </span>
            ))
          ) : (
            <p className="text-center text-xs text-zinc-400">No questions</p>
          )
        ) : (
          <div className="rounded-xl border border-zinc-200 bg-white text-xs">
            {props.items.map((item, index) => (
              <div key={index} className="border-b border-zinc-100 px-3 py-2 last:border-0">
                {item || '…'}
              </div>
            ))}
          </div>
        )}
      </div>
      <div className="flex items-center gap-2 rounded-b-[1.5rem] border-t border-zinc-200 px-3 py-2">
        {props.kind === 'menu' ? <Menu className="size-4 text-zinc-600" aria-hidden /> : null}
        <span className="flex-1 rounded-full bg-zinc-100 px-3 py-1 text-[11px] text-zinc-400">
          {props.kind === 'menu' && props.composerDisabled ? 'Use the menu to reply' : 'Message…'}
        </span>
      </div>
    </figure>
  );
}
