import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey } from '@/api/get-team-accounts';

export type ConnectionCheck = ApiSchema<'ConnectionCheckResult'>;

export function checkConnection(ref: AccountRef): Promise<ConnectionCheck> {
  return ok(api.POST('/social-account/connection-check', { body: ref }));
}

export function useCheckConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkConnection,
    // A failed check can schedule the account for removal: the card and the removal list follow.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
