import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { HistoryImport, HistoryPlatform } from '../lib/history-options';
import { historyImportsKey } from './history-query-keys';

// While an import runs its progress is read every second; a rate-limited one waits for its reset anyway.
const RUNNING_POLL_MS = 1000;
const RATE_LIMITED_POLL_MS = 10_000;

/** The account's newest import run (undefined when none ran yet), followed while it runs. */
export const latestHistoryImportQueryOptions = (teamId: string, platform: HistoryPlatform) =>
  queryOptions({
    queryKey: historyImportsKey(teamId, platform),
    queryFn: async (): Promise<HistoryImport | null> => {
      const { imports } = await ok(api.GET('/post-history-import', { params: { query: { teamId, socialAccountType: platform } } }));
      return imports[0] ?? null;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'PENDING' || status === 'FETCHING_POSTS' || status === 'FETCHING_ANALYTICS') return RUNNING_POLL_MS;
      return status === 'RATE_LIMITED' ? RATE_LIMITED_POLL_MS : false;
    },
  });

export function useLatestHistoryImport(teamId: string, platform: HistoryPlatform) {
  return useQuery(latestHistoryImportQueryOptions(teamId, platform));
}
