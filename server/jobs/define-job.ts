import type { ZodType, ZodTypeDef } from 'zod';
import type { AppServices } from '../services';

export type JobContext = { services: AppServices; jobId: string; attempt: number };

export type JobDefinition<Payload> = {
  /** Queue name; one queue per job kind. */
  name: string;
  /** Payloads carry ids only and are checked before the handler sees them. */
  payload: ZodType<Payload, ZodTypeDef, unknown>;
  handle(payload: Payload, context: JobContext): Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** pg-boss cron (UTC) for jobs the system runs on its own, such as clean-ups. */
  cron?: string;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}
