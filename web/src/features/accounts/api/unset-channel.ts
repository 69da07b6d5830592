import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey, type SocialAccount } from './get-team-accounts';

export function unsetChannel(ref: AccountRef): Promise<SocialAccount> {
  return api.post<SocialAccount>('/social-account/unset-channel', ref);
}

export function useUnsetChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsetChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
