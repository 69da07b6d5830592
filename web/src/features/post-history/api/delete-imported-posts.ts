import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage, ok } from '@/lib/api-client';
import { importedPostsKey } from './history-query-keys';

/** Ids per request: the API's maximum. */
const BATCH = 100;

export type DeleteProgress = { done: number; total: number };

/**
 * Deletes imported posts (and their analytics) a batch at a time, reporting how far it got. A
 * failure part-way says how many were already deleted: those are gone, the grid is read again.
 */
export async function deleteImportedPosts(teamId: string, postIds: string[], onProgress: (progress: DeleteProgress) => void) {
  let deletedCount = 0;
  for (let start = 0; start < postIds.length; start += BATCH) {
    const batch = postIds.slice(start, start + BATCH);
    try {
      deletedCount += (await ok(api.DELETE('/post-history-import/posts', { body: { teamId, postIds: batch } }))).deletedCount;
    } catch (error) {
      if (start === 0) throw error;
      throw new Error(`${deletedCount} of ${postIds.length} posts were deleted, then: ${errorMessage(error)}`, { cause: error });
    }
    onProgress({ done: start + batch.length, total: postIds.length });
  }
  return { deletedCount };
}

export function useDeleteImportedPosts(teamId: string, platform: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<DeleteProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (postIds: string[]) => {
      setProgress({ done: 0, total: postIds.length });
      return deleteImportedPosts(teamId, postIds, setProgress);
    },
    // The confirmation dialog shows the failure where the person is looking.
    meta: { showsError: true },
    onSettled: () => {
      setProgress(null);
      return queryClient.invalidateQueries({ queryKey: importedPostsKey(teamId, platform) });
    },
  });
  return { mutation, progress };
}
