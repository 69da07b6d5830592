import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'block h-9 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs transition-colors',
        'placeholder:text-zinc-400 focus:border-accent-500 focus:ring-3 focus:ring-accent-500/20 focus:outline-none',
        'aria-invalid:border-red-400 aria-invalid:focus:ring-red-500/20 read-only:bg-zinc-50',
        className,
      )}
      {...props}
    />
  );
}
