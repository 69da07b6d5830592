import type { AnyJobDefinition } from './define-job';
import { housekeepingJob } from './housekeeping.job';

/** Every job kind of the product; each domain adds its own here. */
export const allJobs: AnyJobDefinition[] = [housekeepingJob];
