import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { ReviewSource } from '../lib/review-item';
import { reviewImportsKey } from './review-query-keys';

type Start = { teamId: string; source: ReviewSource; count: number };

/** Resolves once the job is created (`PENDING`); its progress is read from the job list. */
export async function startReviewImport({ teamId, source, count }: Start): Promise<{ id: string }> {
  const body = { teamId, count };
  return source === 'GOOGLE_BUSINESS'
    ? ok(api.POST('/misc/google-business/reviews/import', { body }))
    : ok(api.POST('/misc/facebook/recommendations/import', { body }));
}

export function useStartReviewImport(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startReviewImport,
    // A 409 (one already runs) also means there is a job to show.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewImportsKey(teamId) }),
  });
}
