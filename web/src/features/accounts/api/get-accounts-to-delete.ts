import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ToDeleteSchema } from '../../../../../server/accounts/accounts.schemas';
import { api } from '../../../lib/api-client';
import { accountsQueryKey } from './get-team-accounts';

export type AccountsToDelete = z.infer<typeof ToDeleteSchema>;

// The API's largest page: removals are rare and each lasts only 48 hours, so one page holds them all.
const PAGE_SIZE = 100;

export function getAccountsToDelete(): Promise<AccountsToDelete> {
  return api.get<AccountsToDelete>('/social-account/to-delete', { query: { page: 1, pageSize: PAGE_SIZE } });
}

export const accountsToDeleteQueryOptions = () =>
  queryOptions({ queryKey: [...accountsQueryKey, 'to-delete'], queryFn: getAccountsToDelete });

export function useAccountsToDelete() {
  return useSuspenseQuery(accountsToDeleteQueryOptions());
}
