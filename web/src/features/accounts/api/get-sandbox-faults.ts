import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FaultSchema } from '../../../../../server/sandbox/sandbox.schemas';
import { api } from '../../../lib/api-client';

export type SandboxFault = z.infer<typeof FaultSchema>;
type SandboxFaultList = { items: SandboxFault[]; total: number };

export function getSandboxFaults(): Promise<SandboxFaultList> {
  return api.get<SandboxFaultList>('/sandbox/faults');
}

export const sandboxQueryKey = ['sandbox'] as const;

export const sandboxFaultsQueryOptions = () => queryOptions({ queryKey: [...sandboxQueryKey, 'faults'], queryFn: getSandboxFaults });

/** Not suspending: the sandbox panel is secondary and must not hold the accounts page back. */
export function useSandboxFaults() {
  return useQuery(sandboxFaultsQueryOptions());
}
