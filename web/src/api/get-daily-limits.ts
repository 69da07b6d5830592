// Shared by the calendar (the quotas of the days it shows, one request for the range) and Settings → Usage (the meters of one day).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';

export type DailyLimits = ApiSchema<'DailyLimits'>;

export function getDailyLimits(socialAccountId: string, date: string): Promise<DailyLimits> {
  return ok(api.GET('/organization/usage/daily-limits', { params: { query: { socialAccountId, date } } }));
}

export const dailyLimitsKey = ['daily-limits'] as const;

export const dailyLimitsQueryOptions = (socialAccountId: string, date: string) =>
  queryOptions({ queryKey: [...dailyLimitsKey, socialAccountId, date], queryFn: () => getDailyLimits(socialAccountId, date) });

export type DailyLimitsRange = ApiSchema<'DailyLimitsRange'>;

/** Every account of a team over a span of UTC days (`to` included), in one request: what a calendar shows. */
export function getDailyLimitsRange(teamId: string, from: string, to: string): Promise<DailyLimitsRange> {
  return ok(api.GET('/organization/usage/daily-limits/range', { params: { query: { teamId, from, to } } }));
}

export const dailyLimitsRangeQueryOptions = (teamId: string, from: string, to: string) =>
  queryOptions({ queryKey: [...dailyLimitsKey, 'range', teamId, from, to], queryFn: () => getDailyLimitsRange(teamId, from, to) });

/** Posts used and allowed for an account on a UTC day, from a range answer; undefined when the answer does not cover it. */
export function postsUsage(range: DailyLimitsRange | undefined, socialAccountId: string, date: string): { used: number; limit: number } | undefined {
  const account = range?.items.find((item) => item.socialAccountId === socialAccountId);
  if (!account || !range || date < range.from || date > range.to) return undefined;
  return { used: account.days.find((day) => day.date === date)?.posts ?? 0, limit: account.limits.posts };
}

export function useDailyLimitsRange(teamId: string, from: string, to: string) {
  return useQuery(dailyLimitsRangeQueryOptions(teamId, from, to));
}
