import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiBody } from '@/lib/api-client';
import { accountsQueryKey, type SocialAccount } from '@/api/get-team-accounts';

export type CopyAccountsInput = ApiBody<'/social-account/copy', 'post'>;

export function copyAccounts(input: CopyAccountsInput): Promise<SocialAccount[]> {
  return ok(api.POST('/social-account/copy', { body: input }));
}

export function useCopyAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyAccounts,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
