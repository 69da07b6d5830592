import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { historyImportsKey } from './history-query-keys';

/** Sends a FAILED import back to PENDING: it continues from where it stopped, and the panel follows it again. */
export function useRetryHistoryImport(teamId: string, platform: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => ok(api.POST('/post-history-import/{importId}/retry', { params: { path: { importId } }, body: { teamId } })),
    meta: { showsError: true },
    onSuccess: (job) => queryClient.setQueryData(historyImportsKey(teamId, platform), job),
    // A 409 means it is running again already (retried elsewhere): show what it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyImportsKey(teamId, platform) }),
  });
}
