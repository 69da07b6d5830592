import { sql } from 'drizzle-orm';
import { deleteExpiredSessions } from '../auth/sessions.service';
import { deleteExpiredIdempotencyKeys } from '../http/idempotency';
import { deleteExpiredRateLimits } from '../http/rate-limit';
import { handleJob } from './define-job';
import { housekeepingJob } from './housekeeping.jobs';

export const housekeepingHandler = handleJob(housekeepingJob, async (_payload, { services }) => {
  const sessions = await deleteExpiredSessions(services.db);
  const idempotencyKeys = await deleteExpiredIdempotencyKeys(services.db);
  const rateLimits = await deleteExpiredRateLimits(services.db);
  if (sessions + idempotencyKeys + rateLimits > 0) services.logger.info('housekeeping', { sessions, idempotencyKeys, rateLimits });
  // The embedded database runs Postgres in single-user mode, where nothing else checkpoints: its
  // write-ahead log would grow by a 16 MB file per 16 MB written until a restart (decision 068).
  if (services.database.kind === 'pglite') await services.db.execute(sql`checkpoint`);
});

export const housekeepingJobHandlers = [housekeepingHandler];
