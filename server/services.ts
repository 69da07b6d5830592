import type { AppCache } from './cache/app-cache';
import type { Config } from './config';
import type { SecretBoxes } from './crypto/secret-box';
import type { Database, DatabaseHandle } from './db/client';
import type { RateLimiter } from './http/rate-limit';
import type { JobQueue } from './jobs/job-queue';
import type { LiveHub } from './live/live-hub';
import type { Logger } from './logger';
import type { FileStorage } from './storage/file-storage';

/** What handlers and jobs need, built once at boot and passed down (no module-level singletons). */
export type AppServices = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  jobs: JobQueue;
  logger: Logger;
  rateLimiter: RateLimiter;
  cache: AppCache;
  /** The process's one LISTEN on committed events, fanned out to live streams and the relay waker. */
  live: LiveHub;
  /** AES-GCM boxes for secrets at rest, one key per purpose. */
  secrets: SecretBoxes;
  /** Where upload bytes live (local disk by default). */
  storage: FileStorage;
};
