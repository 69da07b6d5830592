import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/**
 * Imports (or resumes) one CSV file, row after row. A row's post carries the row's referenceKey,
 * so a run that crashed after creating a post finds it instead of creating another.
 */
export const importPostCsvJob = defineJob({
  name: 'import-post-csv',
  payload: z.object({ importId: z.string().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 2,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
});

export const postCsvImportJobs = [importPostCsvJob];
