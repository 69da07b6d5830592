import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiErrorFrom, currentCsrfToken } from '../../../lib/api-client';
import { automationsQueryKey } from './automation-query-keys';
import type { Execution } from './executions';

/** What a test run reads instead of a real event (spec: `input` of `POST /automations/:id/test`). */
export type TestInput = { conversationId?: string; fetchedCommentId?: string; text?: string; payload?: string; senderExternalId?: string };

/**
 * The test route is not in the API's OpenAPI document yet (the executor adds it), so the typed
 * client cannot name it: this one call goes through fetch with the same CSRF header and error envelope.
 */
export async function runTest(flowId: string, input: TestInput): Promise<Execution> {
  const token = await currentCsrfToken();
  const response = await fetch(`${API_BASE}/automations/${encodeURIComponent(flowId)}/test`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { 'x-csrf-token': token } : {}) },
    body: JSON.stringify({ input }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFrom(response.status, response.statusText, body);
  return body as Execution;
}

export function useTestRun(flowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestInput) => runTest(flowId, input),
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...automationsQueryKey, 'executions', flowId] }),
  });
}
