import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProfileRefreshSchema } from '../../../../../server/accounts/accounts.schemas';
import { api } from '../../../lib/api-client';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey } from './get-team-accounts';

export type ProfileRefresh = z.infer<typeof ProfileRefreshSchema>;

export function refreshProfile(ref: AccountRef): Promise<ProfileRefresh> {
  return api.post<ProfileRefresh>('/social-account/profile-refresh', ref);
}

export function useRefreshProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshProfile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
