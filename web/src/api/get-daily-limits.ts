// Shared by the calendar (quota per day it shows) and Settings → Usage (the meters of one day).
import { queryOptions, useQueries } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';

export type DailyLimits = ApiSchema<'DailyLimits'>;

export function getDailyLimits(socialAccountId: string, date: string): Promise<DailyLimits> {
  return ok(api.GET('/organization/usage/daily-limits', { params: { query: { socialAccountId, date } } }));
}

export const dailyLimitsKey = ['daily-limits'] as const;

export const dailyLimitsQueryOptions = (socialAccountId: string, date: string) =>
  queryOptions({ queryKey: [...dailyLimitsKey, socialAccountId, date], queryFn: () => getDailyLimits(socialAccountId, date) });

/** One answer per (account, UTC day) pair; pairs are few: only days that have posts. */
export function useDailyLimits(pairs: { socialAccountId: string; date: string }[]) {
  return useQueries({ queries: pairs.map((pair) => dailyLimitsQueryOptions(pair.socialAccountId, pair.date)) });
}
