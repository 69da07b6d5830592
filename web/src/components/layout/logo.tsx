import { MessageSquare } from 'lucide-react';

export function Logo() {
  return (
    <span className="flex items-center gap-2 text-[15px] font-semibold tracking-tight text-zinc-900">
      <span className="flex size-7 items-center justify-center rounded-lg bg-accent-600 text-white shadow-sm">
        <MessageSquare className="size-4" aria-hidden />
      </span>
      SocialDesk
    </span>
  );
}
