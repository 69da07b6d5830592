import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A plain <select> with the input's look: keyboard and screen-reader behaviour come for free. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'block h-9 w-full rounded-lg border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 shadow-xs transition-colors',
        'focus:border-accent-500 focus:ring-3 focus:ring-accent-500/20 focus:outline-none aria-invalid:border-red-400',
        className,
      )}
      {...props}
    />
  );
}
