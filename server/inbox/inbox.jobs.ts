import { z } from 'zod';
import { defineJob } from '../jobs/define-job';
import { retentionPayload } from '../uploads/uploads.jobs';

/** Messages go 30 days after creation, conversations after 30 days without activity (the spec's retention). */
export const purgeOldMessagesJob = defineJob({
  name: 'purge-old-messages',
  payload: retentionPayload,
  cron: '41 * * * *',
  retryLimit: 3,
});

/**
 * Every minute and at every worker start: DM sends left PENDING by a process that died between
 * the two transactions of a send are resolved through the platform (reconcile-pending-messages.ts).
 */
export const reconcilePendingMessagesJob = defineJob({
  name: 'reconcile-pending-messages',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
});

/**
 * Who wrote (decision 078): a thread whose platform named only the person's id gets their name,
 * username and picture from the platform's profile API, once. Transient failures retry with
 * backoff; a refusal (no consent, blocked, permission missing) leaves the id shown.
 */
export const fetchParticipantProfileJob = defineJob({
  name: 'fetch-participant-profile',
  payload: z.object({ organizationId: z.string().min(1), conversationId: z.string().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
});

export const inboxJobs = [purgeOldMessagesJob, reconcilePendingMessagesJob, fetchParticipantProfileJob];
