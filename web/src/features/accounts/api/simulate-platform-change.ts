import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountsQueryKey, type SocialAccount } from './get-team-accounts';

/** Changes on the platform's side that the service only notices on its next call. */
export const PLATFORM_CHANGES = {
  'revoke-access': 'The person removes the app',
  'expire-token': 'The access token expires',
} as const;

export type PlatformChange = keyof typeof PLATFORM_CHANGES;

export function simulatePlatformChange(input: { socialAccountId: string; change: PlatformChange }): Promise<SocialAccount> {
  return api.post<SocialAccount>(`/sandbox/accounts/${encodeURIComponent(input.socialAccountId)}/${input.change}`);
}

export function useSimulatePlatformChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulatePlatformChange,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
