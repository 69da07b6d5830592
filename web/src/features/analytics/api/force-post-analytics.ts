import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import type { AnalyticsPlatform } from '../lib/analytics-platforms';
import { postAnalyticsQueryKey } from './analytics-query-keys';

export function forcePostAnalytics(postId: string, platformType: AnalyticsPlatform): Promise<ApiSchema<'PostAnalytics'>> {
  return ok(api.POST('/analytics/post/force', { body: { postId, platformType } }));
}

/** "Refresh now": one forced snapshot, then the history is read again. The caller shows the failure (429 reads as advice). */
export function useForcePostAnalytics(postId: string, platformType: AnalyticsPlatform) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => forcePostAnalytics(postId, platformType),
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postAnalyticsQueryKey(postId, platformType) }),
  });
}
