import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Coalesced wake-ups (server/jobs/coalesced-wake-ups.ts): a job is enqueued only when none is
 * already due earlier for the same key, so a burst of work does not become a burst of jobs. The
 * table keeps the name it got when the webhook relay was its only user.
 */
export const jobWakeups = pgTable('webhook_wakeups', {
  key: text().primaryKey(),
  wakeAt: timestamp({ withTimezone: true }),
});
