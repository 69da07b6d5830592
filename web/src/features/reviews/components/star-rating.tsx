import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Five stars, the first `value` filled; read out as "4 of 5 stars". */
export function StarRating({ value, className }: { value: number; className?: string }) {
  return (
    <span role="img" aria-label={`${value} of 5 stars`} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((position) => (
        <Star
          key={position}
          aria-hidden
          className={cn(
            'size-4',
            position <= value ? (value <= 2 ? 'fill-red-500 text-red-500' : 'fill-amber-400 text-amber-400') : 'fill-zinc-200 text-zinc-200',
          )}
        />
      ))}
    </span>
  );
}
