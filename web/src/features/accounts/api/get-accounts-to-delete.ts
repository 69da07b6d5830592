import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { accountsQueryKey } from '@/api/get-team-accounts';

export type AccountsToDelete = ApiSchema<'SocialAccountsToDelete'>;

// The API's largest page: removals are rare and each lasts only 48 hours, so one page holds them all.
const PAGE_SIZE = 100;

export function getAccountsToDelete(): Promise<AccountsToDelete> {
  return ok(api.GET('/social-account/to-delete', { params: { query: { page: 1, pageSize: PAGE_SIZE } } }));
}

export const accountsToDeleteQueryOptions = () => queryOptions({ queryKey: [...accountsQueryKey, 'to-delete'], queryFn: getAccountsToDelete });

export function useAccountsToDelete() {
  return useSuspenseQuery(accountsToDeleteQueryOptions());
}
