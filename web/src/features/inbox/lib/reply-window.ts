import type { Conversation } from './inbox-types';

/** The spec's 24-hour rule: free-form messages only within 24 hours of the participant's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type ReplyWindow =
  | { state: 'open'; closesAt: Date; remainingMs: number }
  | { state: 'waiting' }
  /** After 24 hours, a person may still answer with the platform's human-agent tag until `closesAt` (decision 090). */
  | { state: 'humanAgent'; standardClosedAt: Date; closesAt: Date; remainingMs: number }
  | { state: 'expired'; closedAt: Date; humanAgentClosedAt: Date | null };

export function replyWindow(conversation: Pick<Conversation, 'platformData'>, now: number): ReplyWindow {
  const { lastInboundAt, canReply, humanAgentReplyUntil } = conversation.platformData;
  if (canReply === false || !lastInboundAt) return { state: 'waiting' };
  const closesAt = new Date(new Date(lastInboundAt).getTime() + REPLY_WINDOW_MS);
  const remainingMs = closesAt.getTime() - now;
  if (remainingMs > 0) return { state: 'open', closesAt, remainingMs };
  const humanAgentUntil = humanAgentReplyUntil ? new Date(humanAgentReplyUntil) : null;
  if (humanAgentUntil && humanAgentUntil.getTime() > now) {
    return { state: 'humanAgent', standardClosedAt: closesAt, closesAt: humanAgentUntil, remainingMs: humanAgentUntil.getTime() - now };
  }
  return { state: 'expired', closedAt: closesAt, humanAgentClosedAt: humanAgentUntil };
}

/**
 * `23h 14m`, `42m`, `under a minute`; `6 days 3h` past a day. A fresh 24-hour window reads `24h 00m`
 * (the server's clock may be a little ahead of the browser's), not `1 day 0h`.
 */
export function formatRemaining(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  if (hours > 24) {
    const days = Math.floor(hours / 24);
    return `${days} ${days === 1 ? 'day' : 'days'} ${hours % 24}h`;
  }
  return hours > 0 ? `${hours}h ${String(minutes % 60).padStart(2, '0')}m` : `${minutes}m`;
}
