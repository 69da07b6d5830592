import type { ZodType, ZodTypeDef } from 'zod';
import type { AppServices } from '../services';

/**
 * What a sender needs to know about a job kind, and nothing more: its queue, its payload and how
 * the queue treats it. A contract file imports zod and this module only, so sending a job never
 * loads the code that handles it (that is what used to close import cycles; see decision 013).
 */
export type JobContract<Payload> = {
  /** Queue name; one queue per job kind. */
  name: string;
  /** Payloads carry ids only and are checked before sending and before the handler sees them. */
  payload: ZodType<Payload, ZodTypeDef, unknown>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** pg-boss cron (UTC) for jobs the system runs on its own, such as clean-ups. */
  cron?: string;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobContract = JobContract<any>;

export function defineJob<Payload>(contract: JobContract<Payload>): JobContract<Payload> {
  return contract;
}

export type JobContext = { services: AppServices; jobId: string; attempt: number };

/** The code that runs a job kind; only workers load handlers (server/jobs/job-handlers.ts). */
export type JobHandler<Payload> = {
  job: JobContract<Payload>;
  handle(payload: Payload, context: JobContext): Promise<void>;
  /** Runs once when a worker for this job starts: picks up what a stopped or crashed one left. */
  atWorkerStart?(context: Pick<JobContext, 'services'>): Promise<void>;
  /**
   * Runs when the last attempt the queue allows has thrown: the place to mark the record the job
   * works on as failed, so nothing stays "in progress" forever. The error still fails the job.
   */
  afterLastAttempt?(payload: Payload, error: unknown, context: JobContext): Promise<void>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobHandler = JobHandler<any>;

export function handleJob<Payload>(
  job: JobContract<Payload>,
  handle: JobHandler<Payload>['handle'],
  hooks: Pick<JobHandler<Payload>, 'atWorkerStart' | 'afterLastAttempt'> = {},
): JobHandler<Payload> {
  return { job, handle, ...hooks };
}
