import { deleteExpiredSessions } from '../auth/sessions.service';
import { deleteExpiredIdempotencyKeys } from '../http/idempotency';
import { deleteExpiredRateLimits } from '../http/rate-limit';
import { handleJob } from './define-job';
import { housekeepingJob } from './housekeeping.job';

export const housekeepingHandler = handleJob(housekeepingJob, async (_payload, { services }) => {
  const sessions = await deleteExpiredSessions(services.db);
  const idempotencyKeys = await deleteExpiredIdempotencyKeys(services.db);
  const rateLimits = await deleteExpiredRateLimits(services.db);
  if (sessions + idempotencyKeys + rateLimits > 0) services.logger.info('housekeeping', { sessions, idempotencyKeys, rateLimits });
});
