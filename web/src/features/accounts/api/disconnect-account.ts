import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { accountsQueryKey, type AccountType, type SocialAccount } from '@/api/get-team-accounts';

export type AccountRef = { teamId: string; type: AccountType };

export function disconnectAccount(ref: AccountRef): Promise<SocialAccount> {
  return ok(api.DELETE('/social-account/disconnect', { body: ref }));
}

export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
