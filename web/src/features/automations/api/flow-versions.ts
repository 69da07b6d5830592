import { useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { automationsQueryKey } from './automation-query-keys';

export type FlowVersionEntry = ApiSchema<'AutomationFlowVersionHistoryItem'>;

/** Enough for a flow's whole history on one screen; older versions are a "Show older" away. */
export const VERSIONS_PAGE = 50;

export const flowVersionsKey = (flowId: string) => [...automationsQueryKey, 'versions', flowId] as const;

/** The published versions of a flow, newest first; asked again each time the history opens. */
export function useFlowVersions(flowId: string, limit: number) {
  return useQuery({
    queryKey: [...flowVersionsKey(flowId), limit],
    queryFn: () => ok(api.GET('/automations/{id}/versions', { params: { path: { id: flowId }, query: { limit } } })),
    refetchOnMount: 'always',
  });
}
