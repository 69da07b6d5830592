import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { postListsQueryKey } from '@/api/post-query-keys';
import { api, ok } from '@/lib/api-client';
import { isRunning } from '../lib/import-status';
import { csvImportKey, csvImportListKey, csvImportQueryKey, csvImportRowsKey } from './csv-import-query-keys';

// While an import runs, its progress is read every second.
const RUNNING_POLL_MS = 1000;

export const csvImportsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: csvImportListKey(teamId),
    queryFn: () => ok(api.GET('/post-csv-import', { params: { query: { teamId, limit: 10 } } })),
  });

export function useCsvImports(teamId: string) {
  return useQuery(csvImportsQueryOptions(teamId));
}

export const csvImportQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: csvImportKey(importId),
    queryFn: () => ok(api.GET('/post-csv-import/{importId}', { params: { path: { importId } } })),
    refetchInterval: (query) => (query.state.data && !isRunning(query.state.data.status) ? false : RUNNING_POLL_MS),
  });

/** One import, followed while it runs; when it ends the list, the rows and the posts are read again. */
export function useCsvImport(importId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(csvImportQueryOptions(importId));
  const running = query.data ? isRunning(query.data.status) : true;
  useEffect(() => {
    if (running) return;
    void queryClient.invalidateQueries({ queryKey: [...csvImportQueryKey, 'list'] });
    void queryClient.invalidateQueries({ queryKey: csvImportRowsKey(importId) });
    void queryClient.invalidateQueries({ queryKey: postListsQueryKey });
  }, [running, importId, queryClient]);
  return query;
}

export const csvImportRowsQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: csvImportRowsKey(importId),
    queryFn: () => ok(api.GET('/post-csv-import/{importId}/rows', { params: { path: { importId }, query: { status: 'FAILED', limit: 100 } } })),
  });

export function useCsvImportFailedRows(importId: string, enabled: boolean) {
  return useQuery({ ...csvImportRowsQueryOptions(importId), enabled });
}
