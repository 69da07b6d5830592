import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The multi-line twin of `Input`: the same border, focus ring and invalid state. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-xs transition-colors',
        'placeholder:text-zinc-400 focus:border-accent-500 focus:ring-3 focus:ring-accent-500/20 focus:outline-none',
        'aria-invalid:border-red-400 aria-invalid:focus:ring-red-500/20',
        className,
      )}
      {...props}
    />
  );
}
