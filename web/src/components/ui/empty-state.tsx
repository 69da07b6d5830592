import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type EmptyStateProps = { icon: LucideIcon; title: string; description: ReactNode; action?: ReactNode; className?: string };

export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center px-6 py-12 text-center', className)}>
      <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-accent-50 text-accent-600 ring-8 ring-accent-50/50">
        <Icon className="size-5" aria-hidden />
      </div>
      <h3 className="text-sm font-semibold text-zinc-900">{title}</h3>
      <div className="mt-1 max-w-sm text-sm text-zinc-500">{description}</div>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
