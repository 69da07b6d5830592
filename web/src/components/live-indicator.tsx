import type { LiveStatus } from '@/lib/live-events';
import { cn } from '@/lib/cn';

const LABELS: Record<LiveStatus, { text: string; hint: string; dot: string }> = {
  connecting: { text: 'Connecting…', hint: 'Connecting to live updates', dot: 'bg-zinc-300' },
  live: { text: 'Live', hint: 'Live updates on: changes made elsewhere appear without reloading', dot: 'bg-emerald-500' },
  reconnecting: { text: 'Reconnecting…', hint: 'Live updates paused, reconnecting: reload to see the latest changes meanwhile', dot: 'bg-amber-500' },
};

/** A quiet dot for the live-updates connection; not a live region, so a flaky network does not chatter. */
export function LiveIndicator({ status, className }: { status: LiveStatus; className?: string }) {
  const label = LABELS[status];
  return (
    <p className={cn('flex items-center gap-1.5 px-2 text-xs text-zinc-400', className)} title={label.hint}>
      <span className={cn('size-1.5 rounded-full', label.dot, status === 'live' && 'ring-3 ring-emerald-500/15')} aria-hidden />
      <span aria-hidden>{label.text}</span>
      <span className="sr-only">{label.hint}</span>
    </p>
  );
}
