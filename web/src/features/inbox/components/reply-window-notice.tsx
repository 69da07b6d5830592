import { Clock, Lock, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import type { Conversation } from '../lib/inbox-types';
import { formatRemaining, replyWindow, type ReplyWindow } from '../lib/reply-window';

/** The 24-hour window (and the human-agent one after it), re-read every 30 seconds so the countdown moves and closes on its own. */
export function useReplyWindow(conversation: Conversation): ReplyWindow {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return replyWindow(conversation, now);
}

export function ReplyWindowCountdown({ window }: { window: ReplyWindow }) {
  if (window.state !== 'open' && window.state !== 'humanAgent') return null;
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
      {window.state === 'humanAgent' ? 'Human agent window' : 'Reply window'}: {formatRemaining(window.remainingMs)} left
    </span>
  );
}

/**
 * Why a late reply goes as a human agent, and what that allows (decision 090): shown above the
 * composer between 24 hours and 7 days after the person's last message.
 */
export function HumanAgentNotice({ window, participant }: { window: Extract<ReplyWindow, { state: 'humanAgent' }>; participant: string }) {
  return (
    <div
      role="note"
      aria-label="Human agent reply"
      className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
    >
      <UserRound className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
      <p>
        <span className="font-medium">Answering as a human agent.</span> The 24-hour reply window closed {window.standardClosedAt.toLocaleString()}, so this
        message goes with Meta&apos;s human agent tag. It lets a person (not an automation) answer what {participant} asked, until{' '}
        {window.closesAt.toLocaleString()}. Use it for their question only, not for promotions or follow-ups they did not ask for.
      </p>
    </div>
  );
}

/** Why the composer is closed, in the person's words. */
export function ClosedWindowNotice({ window, participant }: { window: Extract<ReplyWindow, { state: 'waiting' | 'expired' }>; participant: string }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-700">
      <Lock className="mt-0.5 size-4 shrink-0 text-zinc-500" aria-hidden />
      {window.state === 'waiting' ? (
        <p>
          <span className="font-medium text-zinc-900">Waiting for {participant} to write.</span> The platform lets you send a free-form message only after the
          person has written to you; your private reply started this conversation, so you can answer as soon as they reply.
        </p>
      ) : window.humanAgentClosedAt ? (
        <p>
          <span className="font-medium text-zinc-900">The human agent window closed {window.humanAgentClosedAt.toLocaleString()}.</span> Instagram and Facebook
          accept messages within 24 hours of the person&apos;s last message, and a person&apos;s answer as a human agent for up to 7 days. Both have passed. It
          opens again when {participant} writes.
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
