import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export type Tab<T extends string> = { id: T; label: string; icon?: LucideIcon; controls?: string };

/** The editor's underlined tab bars (the flow's views, the panel beside the canvas): one look, one behaviour. */
export function TabBar<T extends string>(props: {
  label: string;
  tabs: readonly Tab<T>[];
  selected: (id: T) => boolean;
  onSelect: (id: T) => void;
  className?: string;
}) {
  return (
    <div role="tablist" aria-label={props.label} className={cn('flex gap-1 border-b border-zinc-200', props.className)}>
      {props.tabs.map((tab) => (
        <button
          key={tab.id}
          role="tab"
          type="button"
          aria-selected={props.selected(tab.id)}
          aria-controls={tab.controls}
          onClick={() => props.onSelect(tab.id)}
          className={cn(
            '-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium',
            props.selected(tab.id) ? 'border-accent-600 text-accent-700' : 'border-transparent text-zinc-500 hover:text-zinc-800',
          )}
        >
          {tab.icon ? <tab.icon className="size-3.5" aria-hidden /> : null}
          {tab.label}
        </button>
      ))}
    </div>
  );
}
