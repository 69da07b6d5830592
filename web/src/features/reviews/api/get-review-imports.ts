import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import type { ReviewSource } from '../lib/review-item';
import { reviewImportsKey } from './review-query-keys';

export type ReviewImport = ApiSchema<'ReviewImport'>;
export type RecommendationImport = ApiSchema<'RecommendationImport'>;

/** An import run of either platform, in the page's words. */
export type ImportJob = {
  id: string;
  source: ReviewSource;
  status: 'PENDING' | 'FETCHING' | 'COMPLETED' | 'FAILED' | 'RATE_LIMITED';
  requested: number;
  imported: number;
  error: string | null;
  rateLimitResetAt: string | null;
  completedAt: string | null;
};

const fromJob = (source: ReviewSource, job: ReviewImport | RecommendationImport): ImportJob => ({
  id: job.id,
  source,
  status: job.status === 'FETCHING_REVIEWS' || job.status === 'FETCHING_RECOMMENDATIONS' ? 'FETCHING' : job.status,
  requested: job.requestedCount,
  imported: 'reviewsImported' in job ? job.reviewsImported : job.itemsImported,
  error: job.error,
  rateLimitResetAt: job.rateLimitResetAt,
  completedAt: job.completedAt,
});

export const isRunning = (job: ImportJob | undefined) => !!job && (job.status === 'PENDING' || job.status === 'FETCHING' || job.status === 'RATE_LIMITED');

/** The newest import of each platform (undefined when none ran yet). */
export type LatestImports = Record<ReviewSource, ImportJob | undefined>;

export async function getLatestImports(teamId: string): Promise<LatestImports> {
  const [google, facebook] = await Promise.all([
    ok(api.GET('/misc/google-business/reviews/import', { params: { query: { teamId } } })),
    ok(api.GET('/misc/facebook/recommendations/import', { params: { query: { teamId } } })),
  ]);
  const first = <Job extends ReviewImport | RecommendationImport>(source: ReviewSource, jobs: Job[]) => (jobs[0] ? fromJob(source, jobs[0]) : undefined);
  return { GOOGLE_BUSINESS: first('GOOGLE_BUSINESS', google.imports), FACEBOOK: first('FACEBOOK', facebook.imports) };
}

// While an import runs its progress is read every second; a rate-limited one waits for its reset anyway.
// Otherwise once a minute: the scheduled sync starts imports nobody on the page asked for.
const RUNNING_POLL_MS = 1000;
const RATE_LIMITED_POLL_MS = 10_000;
const IDLE_POLL_MS = 60_000;

export const latestImportsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: reviewImportsKey(teamId),
    queryFn: () => getLatestImports(teamId),
    refetchInterval: (query) => {
      const jobs = Object.values(query.state.data ?? {});
      if (jobs.some((job) => job?.status === 'PENDING' || job?.status === 'FETCHING')) return RUNNING_POLL_MS;
      return jobs.some((job) => job?.status === 'RATE_LIMITED') ? RATE_LIMITED_POLL_MS : IDLE_POLL_MS;
    },
  });

export function useLatestImports(teamId: string) {
  return useQuery(latestImportsQueryOptions(teamId));
}
