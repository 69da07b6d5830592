import { AppCache } from './cache/app-cache';
import type { Config } from './config';
import { withAdvisoryLock } from './db/advisory-lock';
import { openDatabase, type EmbeddedDatabaseLease } from './db/client';
import { listenChannel } from './db/notifications';
import { runMigrations } from './db/migrate';
import { sqlExecutorFor } from './db/raw-sql';
import { RateLimiter } from './http/rate-limit';
import { createSecretBoxes } from './crypto/secret-box';
import type { AnyJobContract, AnyJobHandler } from './jobs/define-job';
import { allJobs } from './jobs/all-jobs';
import { JobQueue } from './jobs/job-queue';
import { LiveHub } from './live/live-hub';
import { createLogger, type Logger } from './logger';
import type { AppServices } from './services';
import { openStorage } from './storage/open-storage';
import { startPublishingWatchdog } from './health/publishing-watchdog';

const JOBS_STARTUP_LOCK_ID = 727_412_003;

export type RunningServices = AppServices & { stop(): Promise<void> };

export type StartOptions = {
  /** Run job handlers in this process (ROLE=worker or all). */
  work: boolean;
  /** The queues to create (default: every job kind of the product). */
  jobs?: AnyJobContract[];
  /** The handlers a worker runs (default: the registry, server/jobs/job-handlers.ts). */
  handlers?: AnyJobHandler[];
  /**
   * Work only these (tests sharing one Postgres database, so that one test process does not run
   * another's jobs with its own configuration).
   */
  workOnly?: AnyJobContract[];
  logger?: Logger;
  pollingIntervalSeconds?: number;
  /** An embedded in-memory database lent by the caller (see DatabaseOptions.embedded). */
  embeddedDatabase?: EmbeddedDatabaseLease;
};

/** Opens the database, applies migrations and starts the job queue: what every role needs. */
export async function startServices(config: Config, options: StartOptions): Promise<RunningServices> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    logger,
    embedded: options.embeddedDatabase,
  });
  try {
    await runMigrations(database);
    const jobs = new JobQueue({
      connection: database.url
        ? { connectionString: database.url, poolSize: Math.max(2, Math.ceil(config.DATABASE_POOL_SIZE / 2)) }
        : { executor: sqlExecutorFor(database.db) },
      work: options.work,
      workOnly: options.workOnly ? new Set(options.workOnly.map((definition) => definition.name)) : undefined,
      concurrency: config.WORKER_CONCURRENCY,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      logger,
      availability: database.availability,
      startupLock: database.url ? (work) => withAdvisoryLock(database.url!, JOBS_STARTUP_LOCK_ID, work) : undefined,
      listen: (channel, onMessage, onConnected) => listenChannel(database, channel, onMessage, onConnected),
    });
    const rateLimiter = new RateLimiter({
      store: config.RATE_LIMIT_STORE,
      burst: config.RATE_LIMIT_BURST,
      short: config.RATE_LIMIT_SHORT,
      minute: config.RATE_LIMIT_MINUTE,
      login: { perMinute: config.LOGIN_LIMIT_PER_MINUTE, lockoutSeconds: config.LOGIN_LOCKOUT_SECONDS },
      db: database.db,
      logger,
    });
    const cache = new AppCache(logger);
    await cache.start(database);
    const files = await openStorage(config);
    const live = new LiveHub({ config, database, db: database.db, logger, cache });
    const secrets = createSecretBoxes(config.secretKey);
    const services: AppServices = { config, database, db: database.db, jobs, logger, rateLimiter, cache, live, secrets, storage: files.storage };
    // Handlers (and all they import) load only where jobs run; senders know the contracts alone.
    const handlers = options.work ? (options.handlers ?? (await import('./jobs/job-handlers')).jobHandlers) : [];
    await jobs.start(options.jobs ?? allJobs, handlers, { services });
    const stopWatchdog = options.work ? startPublishingWatchdog(database.db, logger) : () => {};
    return {
      ...services,
      async stop() {
        stopWatchdog();
        await jobs.stop();
        await cache.stop();
        await files.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
