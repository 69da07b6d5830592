import { useCallback, useMemo } from 'react';
import { postsUsage, type DailyLimitsRange } from '@/api/get-daily-limits';
import { platformLabel } from '@/lib/post-platforms';
import type { CalendarPost } from '../api/get-calendar-posts';
import { dayKey, utcDay } from '../lib/calendar-dates';

export type LimitWarning = { key: string; text: string };

function accountLabel(link: CalendarPost['socialAccounts'][number]): string {
  const account = link.socialAccount as { type?: string; username?: string | null } | null;
  const platform = platformLabel(account?.type ?? '');
  return account?.username ? `${platform} @${account.username.replace(/^@/, '')}` : platform;
}

/** Counts toward a day's quota: everything scheduled or out, not drafts. */
const counts = (post: CalendarPost) => post.status !== 'DRAFT' && post.status !== 'DELETED';

/**
 * The daily limits the calendar warns about, from the one range answer: the (local) days whose
 * posts go to an account already at its limit that UTC day, and what moving a post would exceed.
 */
export function useLimitWarnings(posts: CalendarPost[], limits: DailyLimitsRange | undefined) {
  const byDay = useMemo(() => {
    const perDay = new Map<string, LimitWarning[]>();
    for (const post of posts) {
      if (!counts(post)) continue;
      const date = utcDay(new Date(post.postDate));
      const key = dayKey(new Date(post.postDate));
      const found = perDay.get(key) ?? [];
      for (const link of post.socialAccounts) {
        const usage = postsUsage(limits, link.socialAccountId, date);
        if (!usage || usage.used < usage.limit || found.some((warning) => warning.key === `${link.socialAccountId}|${date}`)) continue;
        found.push({
          key: `${link.socialAccountId}|${date}`,
          text: `${accountLabel(link)} is at its daily limit (${usage.used} of ${usage.limit} posts on ${date} UTC)`,
        });
      }
      if (found.length) perDay.set(key, found);
    }
    return perDay;
  }, [posts, limits]);

  /** Accounts whose quota on the UTC day of `next` is used up, for a post about to move there. */
  const whenMoved = useCallback(
    (post: CalendarPost, next: Date): string[] => {
      const date = utcDay(next);
      if (!counts(post) || date === utcDay(new Date(post.postDate))) return [];
      return post.socialAccounts.flatMap((link) => {
        const usage = postsUsage(limits, link.socialAccountId, date);
        return usage && usage.used >= usage.limit ? [`Would exceed ${accountLabel(link)}'s daily limit (${usage.limit} posts)`] : [];
      });
    },
    [limits],
  );

  return { byDay, whenMoved };
}
