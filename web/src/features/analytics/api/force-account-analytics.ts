import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import type { AnalyticsPlatform } from '../lib/analytics-platforms';
import { accountAnalyticsQueryKey } from './analytics-query-keys';

export function forceAccountAnalytics(teamId: string, platformType: AnalyticsPlatform): Promise<ApiSchema<'SocialAccountAnalytics'>> {
  return ok(api.POST('/analytics/social-account/force', { body: { teamId, platformType } }));
}

export function useForceAccountAnalytics(teamId: string, platformType: AnalyticsPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => forceAccountAnalytics(teamId, platformType),
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountAnalyticsQueryKey(teamId, platformType) }),
  });
}
