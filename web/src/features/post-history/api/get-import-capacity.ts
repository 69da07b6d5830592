import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { HistoryPlatform } from '../lib/history-options';
import { importCapacityKey } from './history-query-keys';

export type ImportCapacity = { used: number; limit: number; remaining: number };

/** What is left of the account's monthly post import cap (it follows the real platform account). */
export const importCapacityQueryOptions = (teamId: string, platform: HistoryPlatform) =>
  queryOptions({
    queryKey: importCapacityKey(teamId, platform),
    queryFn: async (): Promise<ImportCapacity | null> => {
      const usage = await ok(api.GET('/organization/usage/imports', { params: { query: { teamId, socialAccountType: platform } } }));
      const account = usage.socialAccounts[0];
      return account ? { used: account.used, limit: account.limit, remaining: account.remaining } : null;
    },
  });

export function useImportCapacity(teamId: string, platform: HistoryPlatform) {
  return useQuery(importCapacityQueryOptions(teamId, platform));
}
