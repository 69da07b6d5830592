import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshChannelsBody } from '@server/accounts/accounts.schemas';
import { api, ok, type ApiBody } from '@/lib/api-client';
import { checkedBody } from '@/lib/checked-body';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey, type SocialAccount } from '@/api/get-team-accounts';

/** Re-lists the pages, channels or boards from the platform (a new page made there shows up). */
export function refreshChannels(ref: AccountRef): Promise<SocialAccount> {
  return ok(api.POST('/social-account/refresh-channels', { body: checkedBody<ApiBody<'/social-account/refresh-channels', 'post'>>(RefreshChannelsBody, ref) }));
}

export function useRefreshChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshChannels,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
