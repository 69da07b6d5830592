import { queryOptions, useSuspenseQueries } from '@tanstack/react-query';
import type { paths } from '@/lib/api-schema.gen';
import { api, ok } from '@/lib/api-client';
import { registerLiveInvalidation } from '@/lib/live-events';
import { dailyLimitsKey } from '@/api/get-daily-limits';

/** The organization's monthly meters: every `GET /organization/usage/<thing>` but the per-day ones and the per-account (imports) one. */
type MonthlyUsagePath = Exclude<
  Extract<keyof paths, `/organization/usage/${string}`>,
  '/organization/usage/daily-limits' | '/organization/usage/daily-limits/range' | '/organization/usage/imports'
>;

export type Usage = { used: number; limit: number; remaining: number };

/** What the plan counts per UTC month. A new meter on the server is one line here. */
export const MONTHLY_METERS: readonly { path: MonthlyUsagePath; label: string; hint: string }[] = [
  { path: '/organization/usage/posts', label: 'Posts', hint: 'Posts scheduled or published this month' },
  { path: '/organization/usage/comments', label: 'Comments', hint: 'Comments and replies scheduled or published this month' },
  { path: '/organization/usage/uploads', label: 'Uploads', hint: 'Files uploaded this month, deleted ones included' },
];

export function getMonthlyUsage(path: MonthlyUsagePath): Promise<Usage> {
  return ok(api.GET(path));
}

export const usageQueryKey = ['usage'] as const;

export const monthlyUsageQueryOptions = (path: MonthlyUsagePath) =>
  queryOptions({ queryKey: [...usageQueryKey, 'month', path], queryFn: () => getMonthlyUsage(path) });

export function useMonthlyUsage() {
  return useSuspenseQueries({ queries: MONTHLY_METERS.map((meter) => monthlyUsageQueryOptions(meter.path)) });
}

// A post published anywhere moves the month's and the day's meters.
registerLiveInvalidation('post.*', () => [usageQueryKey, dailyLimitsKey]);
registerLiveInvalidation('comment.published', () => [usageQueryKey]);
