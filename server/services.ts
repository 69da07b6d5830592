import type { AppCache } from './cache/app-cache';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { RateLimiter } from './http/rate-limit';
import type { JobQueue } from './jobs/job-queue';
import type { Logger } from './logger';

/** What handlers and jobs need, built once at boot and passed down (no module-level singletons). */
export type AppServices = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue;
  logger: Logger;
  rateLimiter: RateLimiter;
  cache: AppCache;
};
