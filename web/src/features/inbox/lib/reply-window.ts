import type { Conversation } from './inbox-types';

/** The spec's 24-hour rule: free-form messages only within 24 hours of the participant's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type ReplyWindow = { state: 'open'; closesAt: Date; remainingMs: number } | { state: 'waiting' } | { state: 'expired'; closedAt: Date };

export function replyWindow(conversation: Pick<Conversation, 'platformData'>, now: number): ReplyWindow {
  const { lastInboundAt, canReply } = conversation.platformData;
  if (canReply === false || !lastInboundAt) return { state: 'waiting' };
  const closesAt = new Date(new Date(lastInboundAt).getTime() + REPLY_WINDOW_MS);
  const remainingMs = closesAt.getTime() - now;
  return remainingMs > 0 ? { state: 'open', closesAt, remainingMs } : { state: 'expired', closedAt: closesAt };
}

/** `23h 14m`, `42m`, `under a minute`. */
export function formatRemaining(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${String(minutes % 60).padStart(2, '0')}m` : `${minutes}m`;
}
