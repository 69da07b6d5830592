import { PlatformError } from '../../../platform-error';
import type { PostPlatform } from '../../../platform-types';

/**
 * Meta's own messaging limits per Page or Instagram account
 * (https://developers.facebook.com/docs/messenger-platform/overview/rate-limiting): the Send API
 * takes 300 calls a second for text, links and reactions and 10 for audio or video; private replies
 * 750 an hour. They are taken here before calling, so a burst (an automation answering every comment
 * of a viral post) is refused with a readable reason and a retry time instead of getting the
 * account throttled by Meta. The windows are kept per process: with several instances each keeps
 * its own, and Meta's answer (codes 613, 80006, mapped by `metaError`) is the backstop.
 */
export const META_MESSAGING_LIMITS = {
  text: { limit: 300, windowMs: 1000 },
  media: { limit: 10, windowMs: 1000 },
  privateReplies: { limit: 750, windowMs: 3600_000 },
} as const;

export type LimitName = keyof typeof META_MESSAGING_LIMITS;

const windows = new Map<string, number[]>();

/** Takes one call of `name` for the account, or throws RATE_LIMITED with when one frees up. */
export function takeMessagingSlot(name: LimitName, accountId: string, meta: { platform: PostPlatform; operation: string }, now = Date.now()): void {
  const { limit, windowMs } = META_MESSAGING_LIMITS[name];
  const key = `${name}:${accountId}`;
  const recent = (windows.get(key) ?? []).filter((at) => at > now - windowMs);
  if (recent.length >= limit) {
    const resetAt = new Date(recent[0]! + windowMs);
    const what = name === 'privateReplies' ? `${limit} private replies an hour` : `${limit} messages a second`;
    throw new PlatformError({
      code: 'RATE_LIMITED',
      message: `${meta.operation}: Meta allows ${what} per account; the next one is possible at ${resetAt.toISOString()}`,
      httpStatus: 429,
      // Nothing reached Meta: the product may record it as not sent (a private reply can be tried again later).
      isTransient: false,
      retryability: 'RETRY_AFTER_RESET',
      userFacingMessage: `Meta allows ${what} from one account; try again after ${resetAt.toISOString()}.`,
      meta: { ...meta, resetAt: resetAt.toISOString(), retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)) },
    });
  }
  recent.push(now);
  windows.set(key, recent);
}

/** Gives back a slot a call did not use (Meta refused it before sending). */
export function returnMessagingSlot(name: LimitName, accountId: string): void {
  const recent = windows.get(`${name}:${accountId}`);
  recent?.pop();
}
