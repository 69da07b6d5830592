import { queryOptions, useQueries } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DailyLimitsSchema } from '../../../../../server/usage/usage.routes';
import { api } from '../../../lib/api-client';

export type DailyLimits = z.infer<typeof DailyLimitsSchema>;

export function getDailyLimits(socialAccountId: string, date: string): Promise<DailyLimits> {
  return api.get<DailyLimits>('/organization/usage/daily-limits', { query: { socialAccountId, date } });
}

export const dailyLimitsKey = ['daily-limits'] as const;

export const dailyLimitsQueryOptions = (socialAccountId: string, date: string) =>
  queryOptions({ queryKey: [...dailyLimitsKey, socialAccountId, date], queryFn: () => getDailyLimits(socialAccountId, date) });

/** One answer per (account, UTC day) pair; pairs are few: only days that have posts. */
export function useDailyLimits(pairs: { socialAccountId: string; date: string }[]) {
  return useQueries({ queries: pairs.map((pair) => dailyLimitsQueryOptions(pair.socialAccountId, pair.date)) });
}
