import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UnsetChannelBody } from '@server/accounts/accounts.schemas';
import { api, ok, type ApiBody } from '@/lib/api-client';
import { checkedBody } from '@/lib/checked-body';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey, type SocialAccount } from '@/api/get-team-accounts';

export function unsetChannel(ref: AccountRef): Promise<SocialAccount> {
  return ok(api.POST('/social-account/unset-channel', { body: checkedBody<ApiBody<'/social-account/unset-channel', 'post'>>(UnsetChannelBody, ref) }));
}

export function useUnsetChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsetChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
