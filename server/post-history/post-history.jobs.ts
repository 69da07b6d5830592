import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/**
 * Runs (or resumes) one post history import. The retry limit is the run's attempt limit
 * (MAX_HISTORY_ATTEMPTS), so one more delivery than attempts exists: it marks a run that crashed
 * or timed out on its last attempt FAILED instead of leaving it in FETCHING_*.
 */
export const importPostHistoryJob = defineJob({
  name: 'import-post-history',
  payload: z.object({ importId: z.string().min(1) }),
  retryLimit: 4,
  retryDelaySeconds: 1,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
});

export const postHistoryJobs = [importPostHistoryJob];
