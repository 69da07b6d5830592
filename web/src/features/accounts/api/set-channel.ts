import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey, type SocialAccount } from './get-team-accounts';

export function setChannel(input: AccountRef & { channelId: string }): Promise<SocialAccount> {
  return api.post<SocialAccount>('/social-account/set-channel', input);
}

export function useSetChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChannel,
    // The channel dialog's form shows the failure itself.
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
