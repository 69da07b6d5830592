import { Loader2 } from 'lucide-react';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-zinc-400" role="status" aria-label={label}>
      <Loader2 className="size-6 animate-spin" aria-hidden />
    </div>
  );
}
