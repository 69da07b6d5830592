import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { PERIODS, type Period } from '../lib/run-counts';
import { automationsQueryKey } from './automation-query-keys';

export type NodeStats = ApiSchema<'AutomationNodeStats'>;

/** Runs are not announced on the live stream: while the counts are on screen they are asked for again. */
const COUNTS_REFRESH_MS = 5_000;

/** Per-node counts of a published version (the live one unless named) over the last `period`, counted by the server. */
export function useNodeStats(flowId: string, period: Period, enabled: boolean, flowVersionId?: string) {
  return useQuery({
    queryKey: [...automationsQueryKey, 'node-stats', flowId, period, flowVersionId ?? 'live'],
    queryFn: () => {
      const from = new Date(Date.now() - PERIODS[period] * 3_600_000).toISOString();
      return ok(api.GET('/automations/{id}/node-stats', { params: { path: { id: flowId }, query: { from, flowVersionId } } }));
    },
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}
