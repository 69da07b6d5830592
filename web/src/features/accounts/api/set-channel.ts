import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SetChannelBody } from '@server/accounts/accounts.schemas';
import { api, ok, type ApiBody } from '@/lib/api-client';
import { checkedBody } from '@/lib/checked-body';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey, type SocialAccount } from '@/api/get-team-accounts';

export function setChannel(input: AccountRef & { channelId: string }): Promise<SocialAccount> {
  return ok(api.POST('/social-account/set-channel', { body: checkedBody<ApiBody<'/social-account/set-channel', 'post'>>(SetChannelBody, input) }));
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
