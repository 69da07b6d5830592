import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CopyBody } from '../../../../../server/accounts/accounts.schemas';
import { api } from '../../../lib/api-client';
import { accountsQueryKey, type SocialAccount } from './get-team-accounts';

export type CopyAccountsInput = z.output<typeof CopyBody>;

export function copyAccounts(input: CopyAccountsInput): Promise<SocialAccount[]> {
  return api.post<SocialAccount[]>('/social-account/copy', input);
}

export function useCopyAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyAccounts,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
