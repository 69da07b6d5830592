import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ConnectionCheckSchema } from '../../../../../server/accounts/accounts.schemas';
import { api } from '../../../lib/api-client';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey } from './get-team-accounts';

export type ConnectionCheck = z.infer<typeof ConnectionCheckSchema>;

export function checkConnection(ref: AccountRef): Promise<ConnectionCheck> {
  return api.post<ConnectionCheck>('/social-account/connection-check', ref);
}

export function useCheckConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkConnection,
    // A failed check can schedule the account for removal: the card and the removal list follow.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
