import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { accountsQueryKey } from '@/api/get-team-accounts';

export type OfferedPlatforms = ApiSchema<'OfferedPlatforms'>;

/** The platforms this server offers, live (LIVE_PLATFORMS) or sandbox: the operator's configuration, fixed while it runs. */
export function getOfferedPlatforms(): Promise<OfferedPlatforms> {
  return ok(api.GET('/social-account/platforms'));
}

export const offeredPlatformsQueryOptions = () =>
  queryOptions({ queryKey: [...accountsQueryKey, 'offered-platforms'], queryFn: getOfferedPlatforms, staleTime: Infinity });

export function useOfferedPlatforms() {
  return useSuspenseQuery(offeredPlatformsQueryOptions());
}
