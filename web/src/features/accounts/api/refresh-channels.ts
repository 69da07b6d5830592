import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey, type SocialAccount } from './get-team-accounts';

/** Re-lists the pages, channels or boards from the platform (a new page made there shows up). */
export function refreshChannels(ref: AccountRef): Promise<SocialAccount> {
  return api.post<SocialAccount>('/social-account/refresh-channels', ref);
}

export function useRefreshChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshChannels,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
