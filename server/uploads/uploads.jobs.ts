import type { AnyJobContract } from '../jobs/define-job';
import { cleanUpUnusedUploadsJob } from './clean-up-unused-uploads.job';
import { purgeDeletedUploadsJob } from './purge-deleted-uploads.job';

export const uploadJobs: AnyJobContract[] = [purgeDeletedUploadsJob, cleanUpUnusedUploadsJob];
