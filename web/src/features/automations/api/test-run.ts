import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { automationsQueryKey } from './automation-query-keys';

/** What a test run reads instead of a real event (spec: `input` of `POST /automations/:id/test`). */
export type TestInput = ApiSchema<'TestAutomationFlow'>['input'];

export function runTest(flowId: string, input: TestInput) {
  return ok(api.POST('/automations/{id}/test', { params: { path: { id: flowId } }, body: { input } }));
}

export function useTestRun(flowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestInput) => runTest(flowId, input),
    // The panel shows a refusal beside its button.
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...automationsQueryKey, 'executions', flowId] }),
  });
}
