import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountsQueryKey, type AccountType, type SocialAccount } from './get-team-accounts';

export type AccountRef = { teamId: string; type: AccountType };

export function disconnectAccount(ref: AccountRef): Promise<SocialAccount> {
  return api.delete<SocialAccount>('/social-account/disconnect', { body: ref });
}

export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
