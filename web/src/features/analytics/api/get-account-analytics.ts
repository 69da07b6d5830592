import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import type { AnalyticsPlatform } from '../lib/analytics-platforms';
import { accountAnalyticsQueryKey } from './analytics-query-keys';

export type AccountAnalyticsHistory = ApiSchema<'SocialAccountAnalyticsHistory'>;
export type AccountAnalyticsSnapshot = ApiSchema<'SocialAccountAnalytics'>;

export function getAccountAnalytics(teamId: string, platformType: AnalyticsPlatform): Promise<AccountAnalyticsHistory> {
  return ok(api.GET('/analytics/social-account', { params: { query: { teamId, platformType } } }));
}

export const accountAnalyticsQueryOptions = (teamId: string, platformType: AnalyticsPlatform) =>
  queryOptions({ queryKey: accountAnalyticsQueryKey(teamId, platformType), queryFn: () => getAccountAnalytics(teamId, platformType) });

export function useAccountAnalytics(teamId: string, platformType: AnalyticsPlatform) {
  return useQuery(accountAnalyticsQueryOptions(teamId, platformType));
}
