import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey } from '@/api/get-team-accounts';

export type ProfileRefresh = ApiSchema<'ProfileRefreshResult'>;

export function refreshProfile(ref: AccountRef): Promise<ProfileRefresh> {
  return ok(api.POST('/social-account/profile-refresh', { body: ref }));
}

export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshProfile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
