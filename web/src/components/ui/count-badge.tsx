import { cn } from '@/lib/cn';

const tones = { red: 'bg-red-600', accent: 'bg-accent-600' } as const;

/** A navigation count ("3 waiting"): nothing at zero, 99+ past two digits; `label` is what screen readers hear after the number. */
export function CountBadge({ count, label, tone }: { count: number; label: string; tone: keyof typeof tones }) {
  if (!count) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-[11px] leading-5 font-semibold text-white tabular-nums',
        tones[tone],
      )}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
