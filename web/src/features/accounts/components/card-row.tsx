import type { ReactNode } from 'react';

/** One labelled line of an account card (a term and its description). */
export function CardRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] items-start gap-3 px-5 py-2.5">
      <dt className="pt-0.5 text-xs font-medium text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-zinc-800">{children}</dd>
    </div>
  );
}
