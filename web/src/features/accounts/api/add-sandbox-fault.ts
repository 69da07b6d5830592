import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FaultBody } from '../../../../../server/sandbox/sandbox.schemas';
import { api } from '../../../lib/api-client';
import { sandboxQueryKey, type SandboxFault } from './get-sandbox-faults';

export type AddSandboxFaultInput = z.output<typeof FaultBody>;

export function addSandboxFault(input: AddSandboxFaultInput): Promise<SandboxFault> {
  return api.post<SandboxFault>('/sandbox/faults', input);
}

export function useAddSandboxFault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSandboxFault,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sandboxQueryKey }),
  });
}
