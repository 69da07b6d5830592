import { Clock, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import type { Conversation } from '../lib/inbox-types';
import { formatRemaining, replyWindow, type ReplyWindow } from '../lib/reply-window';

/** The 24-hour window, re-read every 30 seconds so the countdown moves and closes on its own. */
export function useReplyWindow(conversation: Conversation): ReplyWindow {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return replyWindow(conversation, now);
}

export function ReplyWindowCountdown({ window }: { window: ReplyWindow }) {
  if (window.state !== 'open') return null;
  const urgent = window.remainingMs < 2 * 60 * 60 * 1000;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset',
        urgent ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-zinc-50 text-zinc-600 ring-zinc-200',
      )}
      title={`You can reply until ${window.closesAt.toLocaleString()}`}
    >
      <Clock className="size-3" aria-hidden />
      Reply window: {formatRemaining(window.remainingMs)} left
    </span>
  );
}

/** Why the composer is closed, in the person's words. */
export function ClosedWindowNotice({ window, participant }: { window: Exclude<ReplyWindow, { state: 'open' }>; participant: string }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-700">
      <Lock className="mt-0.5 size-4 shrink-0 text-zinc-500" aria-hidden />
      {window.state === 'waiting' ? (
        <p>
          <span className="font-medium text-zinc-900">Waiting for {participant} to write.</span> The platform lets you send a free-form message only after the
          person has written to you; your private reply started this conversation, so you can answer as soon as they reply.
        </p>
      ) : (
        <p>
          <span className="font-medium text-zinc-900">The 24-hour reply window closed {window.closedAt.toLocaleString()}.</span> Instagram and Facebook accept
          free-form messages only within 24 hours of the person&apos;s last message. It opens again when {participant} writes.
        </p>
      )}
    </div>
  );
}
