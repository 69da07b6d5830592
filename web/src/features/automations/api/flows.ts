import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api, ok, type ApiAnswer, type ApiBody, type ApiSchema } from '@/lib/api-client';
import type { FlowStatus } from '@server/automations/shared/automation-constants';
import { automationsQueryKey, flowKey, flowListKey } from './automation-query-keys';
import { flowQueryOptions } from './flow-query';

export type Flow = ApiSchema<'AutomationFlow'>;
export type FlowDefinitionDto = ApiSchema<'AutomationDefinition'>;
export type FlowAction = 'publish' | 'pause' | 'activate' | 'archive';

/** The API's largest page: a team's flows fit on one screen. */
const PAGE = 500;
const LIST_REFRESH_MS = 30_000;

export const flowListQueryOptions = (teamId: string, status?: FlowStatus) =>
  queryOptions({
    queryKey: flowListKey(teamId, status),
    queryFn: () => ok(api.GET('/automations', { params: { query: { teamId, status, limit: PAGE } } })),
  });

export function useFlowList(teamId: string, status?: FlowStatus) {
  // Runs are not announced on the live stream: the run figures are asked for on each visit and
  // again while the list is shown.
  return useQuery({ ...flowListQueryOptions(teamId, status), placeholderData: keepPreviousData, refetchOnMount: 'always', refetchInterval: LIST_REFRESH_MS });
}

export function useFlow(id: string) {
  return useSuspenseQuery(flowQueryOptions(id));
}

/** After any change the answer is the flow: it replaces the cached one and the lists refetch. */
function useFlowMutation<Input>(call: (input: Input) => Promise<Flow>, options: { showsError?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: options.showsError ? { showsError: true } : undefined,
    onSuccess: (flow) => {
      queryClient.setQueryData(flowKey(flow.id), flow);
      return queryClient.invalidateQueries({ queryKey: [...automationsQueryKey, 'flows'] });
    },
  });
}

export function useCreateFlow() {
  return useFlowMutation((body: ApiBody<'/automations', 'post'>) => ok(api.POST('/automations', { body })), { showsError: true });
}

/** Saving the draft: 400s are shown on the editor's nodes, not as a toast. */
export function useUpdateFlow(id: string) {
  return useFlowMutation((body: ApiBody<'/automations/{id}', 'patch'>) => ok(api.PATCH('/automations/{id}', { params: { path: { id } }, body })), {
    showsError: true,
  });
}

export type DraftSaved = ApiAnswer<'/automations/{id}/draft', 'put'>;

/**
 * Parks work in progress as the draft whatever its problems (our extension route); the answer says
 * what stands in the way of publishing. Errors are the builder's to show (its save status), not a toast.
 */
export function useSaveFlowDraft(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/automations/{id}/draft', 'put'>) => ok(api.PUT('/automations/{id}/draft', { params: { path: { id } }, body })),
    // Offline, a save fails at once (and the builder says so) rather than waiting paused for the network.
    networkMode: 'always',
    onSuccess: (answer: DraftSaved) => {
      queryClient.setQueryData(flowKey(answer.flow.id), answer.flow);
      return queryClient.invalidateQueries({ queryKey: [...automationsQueryKey, 'flows'] });
    },
  });
}

export function runFlowAction(id: string, action: FlowAction): Promise<Flow> {
  const params = { params: { path: { id } } };
  if (action === 'publish') return ok(api.POST('/automations/{id}/publish', params));
  if (action === 'pause') return ok(api.POST('/automations/{id}/pause', params));
  if (action === 'activate') return ok(api.POST('/automations/{id}/activate', params));
  return ok(api.POST('/automations/{id}/archive', params));
}

export function useFlowAction(options: { showsError?: boolean } = {}) {
  return useFlowMutation(({ id, action }: { id: string; action: FlowAction }) => runFlowAction(id, action), options);
}

export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.DELETE('/automations/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...automationsQueryKey, 'flows'] }),
  });
}

export function useCopyFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/automations/copy', 'post'>) => ok(api.POST('/automations/copy', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...automationsQueryKey, 'flows'] }),
  });
}
