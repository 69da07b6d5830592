import { cn } from '@/lib/cn';

const number = new Intl.NumberFormat();

/** Used against a limit, as a bar that warms up as the limit nears. */
export function UsageMeter({ label, used, limit, hint, className }: { label: string; used: number; limit: number; hint?: string; className?: string }) {
  const share = limit > 0 ? Math.min(1, used / limit) : 1;
  const tone = share >= 1 ? 'bg-red-500' : share >= 0.8 ? 'bg-amber-500' : 'bg-accent-600';
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-zinc-800">{label}</span>
        <span className="text-zinc-600 tabular-nums">
          {number.format(used)} <span className="text-zinc-400">of</span> {number.format(limit)}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${used} of ${limit} used`}
        className="h-2 overflow-hidden rounded-full bg-zinc-100"
      >
        <div className={cn('h-full rounded-full transition-[width]', tone)} style={{ width: `${share * 100}%` }} />
      </div>
      {hint ? <p className="text-xs text-zinc-500">{hint}</p> : null}
    </div>
  );
}
