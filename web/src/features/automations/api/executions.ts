import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '../../../lib/api-client';
import type { ExecutionStatus } from '../../../../../server/automations/shared/automation-constants';
import { executionKey, executionsKey } from './automation-query-keys';

export type Execution = ApiSchema<'AutomationExecution'>;
export type ExecutionFilters = { status?: ExecutionStatus; flowVersionId?: string };

export function useExecutions(flowId: string, filters: ExecutionFilters, limit = 50, enabled = true) {
  return useQuery({
    queryKey: executionsKey(flowId, { ...filters, limit }),
    queryFn: () => ok(api.GET('/automations/{id}/executions', { params: { path: { id: flowId }, query: { ...filters, limit } } })),
    placeholderData: keepPreviousData,
    enabled,
    // Runs are not announced on the live stream: while the list (or the node counts) is on
    // screen it asks again, so a manager watching a flow sees its runs come in.
    refetchInterval: RUNS_REFRESH_MS,
  });
}

const RUNS_REFRESH_MS = 5_000;

export function useExecution(id: string | null) {
  return useQuery({
    queryKey: executionKey(id ?? ''),
    queryFn: () => ok(api.GET('/automation-executions/{id}', { params: { path: { id: id! } } })),
    enabled: !!id,
  });
}
