import { handleJob } from '../jobs/define-job';
import { cleanUpUnusedUploadsJob, purgeDeletedUploadsJob } from './uploads.jobs';
import { cleanUpUnusedUploads, purgeDueUploads, removeAbandonedSessions } from './uploads-retention.service';

export const purgeDeletedUploadsHandler = handleJob(purgeDeletedUploadsJob, async (payload, { services }) => {
  const uploads = await purgeDueUploads(services, payload);
  const sessions = await removeAbandonedSessions(services, payload);
  if (uploads + sessions > 0) services.logger.info('uploads purged', { uploads, sessions });
});

export const cleanUpUnusedUploadsHandler = handleJob(cleanUpUnusedUploadsJob, async (payload, { services }) => {
  const removed = await cleanUpUnusedUploads(services, payload);
  if (removed > 0) services.logger.info('unused uploads removed', { removed });
});

export const uploadJobHandlers = [purgeDeletedUploadsHandler, cleanUpUnusedUploadsHandler];
