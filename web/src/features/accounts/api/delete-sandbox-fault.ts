import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { sandboxQueryKey, type SandboxFault } from './get-sandbox-faults';

export function deleteSandboxFault(id: string): Promise<SandboxFault> {
  return ok(api.DELETE('/sandbox/faults/{id}', { params: { path: { id } } }));
}

export function useDeleteSandboxFault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSandboxFault,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sandboxQueryKey }),
  });
}
