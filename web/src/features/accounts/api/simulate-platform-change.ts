import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { accountsQueryKey, type SocialAccount } from '@/api/get-team-accounts';

/** Changes on the platform's side that the service only notices on its next call. */
export const PLATFORM_CHANGES = {
  'revoke-access': 'The person removes the app',
  'expire-token': 'The access token expires',
} as const;

export type PlatformChange = keyof typeof PLATFORM_CHANGES;

export function simulatePlatformChange(input: { socialAccountId: string; change: PlatformChange }): Promise<SocialAccount> {
  const params = { params: { path: { id: input.socialAccountId } } };
  return ok(
    input.change === 'revoke-access' ? api.POST('/sandbox/accounts/{id}/revoke-access', params) : api.POST('/sandbox/accounts/{id}/expire-token', params),
  );
}

export function useSimulatePlatformChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulatePlatformChange,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
