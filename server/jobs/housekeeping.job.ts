import { z } from 'zod';
import { deleteExpiredSessions } from '../auth/sessions.service';
import { deleteExpiredIdempotencyKeys } from '../http/idempotency';
import { defineJob } from './define-job';

/** Removes expired sessions and idempotency records; both are also ignored once expired. */
export const housekeepingJob = defineJob({
  name: 'housekeeping',
  payload: z.object({}).passthrough(),
  cron: '*/15 * * * *',
  retryLimit: 2,
  async handle(_payload, { services }) {
    const sessions = await deleteExpiredSessions(services.db);
    const idempotencyKeys = await deleteExpiredIdempotencyKeys(services.db);
    if (sessions + idempotencyKeys > 0) services.logger.info('housekeeping', { sessions, idempotencyKeys });
  },
});
