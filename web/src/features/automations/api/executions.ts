import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import type { ExecutionStatus } from '@server/automations/shared/automation-constants';
import { executionKey, executionsKey } from './automation-query-keys';

export type Execution = ApiSchema<'AutomationExecution'>;
export type ExecutionPlatform = 'INSTAGRAM' | 'FACEBOOK' | 'TIKTOK';
export type ExecutionFilters = { status?: ExecutionStatus; platform?: ExecutionPlatform; flowVersionId?: string; conversationId?: string };

const RUNS_PAGE = 50;
const RUNS_REFRESH_MS = 5_000;

/**
 * A flow's runs, newest first, a page at a time: each "Load more" continues from the previous
 * page's cursor, so runs arriving meanwhile neither repeat nor push others out of the list.
 */
export function useExecutions(flowId: string, filters: ExecutionFilters) {
  return useInfiniteQuery({
    queryKey: executionsKey(flowId, filters),
    queryFn: ({ pageParam }) =>
      ok(api.GET('/automations/{id}/executions', { params: { path: { id: flowId }, query: { ...filters, limit: RUNS_PAGE, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // Runs are not announced on the live stream: while the list is on screen it asks again, so
    // a manager watching a flow sees its runs come in.
    refetchInterval: RUNS_REFRESH_MS,
  });
}

export function useExecution(id: string | null) {
  return useQuery({
    queryKey: executionKey(id ?? ''),
    queryFn: () => ok(api.GET('/automation-executions/{id}', { params: { path: { id: id! } } })),
    enabled: !!id,
  });
}
