import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiAnswer } from '@/lib/api-client';

type SandboxFaultList = ApiAnswer<'/sandbox/faults', 'get'>;
export type SandboxFault = SandboxFaultList['items'][number];

export function getSandboxFaults(): Promise<SandboxFaultList> {
  return ok(api.GET('/sandbox/faults'));
}

export const sandboxQueryKey = ['sandbox'] as const;

export const sandboxFaultsQueryOptions = () => queryOptions({ queryKey: [...sandboxQueryKey, 'faults'], queryFn: getSandboxFaults });

/** Not suspending: the sandbox panel is secondary and must not hold the accounts page back. */
export function useSandboxFaults() {
  return useQuery(sandboxFaultsQueryOptions());
}
