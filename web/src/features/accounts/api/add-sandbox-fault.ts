import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiBody } from '@/lib/api-client';
import { sandboxQueryKey, type SandboxFault } from './get-sandbox-faults';

export type AddSandboxFaultInput = ApiBody<'/sandbox/faults', 'post'>;

export function addSandboxFault(input: AddSandboxFaultInput): Promise<SandboxFault> {
  return ok(api.POST('/sandbox/faults', { body: input }));
}

export function useAddSandboxFault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSandboxFault,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sandboxQueryKey }),
  });
}
