import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiBody } from '@/lib/api-client';
import { historyImportsKey, importCapacityKey } from './history-query-keys';

export type StartHistoryImport = ApiBody<'/post-history-import', 'post'>;

/** Resolves once the job is created (`PENDING`); its progress is read from the latest import. */
export function useStartHistoryImport(teamId: string, platform: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartHistoryImport) => ok(api.POST('/post-history-import', { body })),
    // A 409 (one already runs) also means there is a job to show.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: historyImportsKey(teamId, platform) }),
        queryClient.invalidateQueries({ queryKey: importCapacityKey(teamId, platform) }),
      ]),
  });
}
