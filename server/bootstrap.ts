import { AppCache } from './cache/app-cache';
import type { Config } from './config';
import { withAdvisoryLock } from './db/advisory-lock';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { sqlExecutorFor } from './db/raw-sql';
import { RateLimiter } from './http/rate-limit';
import type { AnyJobDefinition } from './jobs/define-job';
import { allJobs } from './jobs/all-jobs';
import { sweepDuePosts, sweepDuePostsJob } from './posts/sweep-due-posts.job';
import { JobQueue } from './jobs/job-queue';
import { createLogger, type Logger } from './logger';
import type { AppServices } from './services';

const JOBS_STARTUP_LOCK_ID = 727_412_003;

export type RunningServices = AppServices & { stop(): Promise<void> };

export type StartOptions = {
  /** Run job handlers in this process (ROLE=worker or all). */
  work: boolean;
  jobs?: AnyJobDefinition[];
  /**
   * Work only these (tests sharing one Postgres database, so that one test process does not run
   * another's jobs with its own configuration).
   */
  workOnly?: AnyJobDefinition[];
  logger?: Logger;
  pollingIntervalSeconds?: number;
};

/** Opens the database, applies migrations and starts the job queue: what every role needs. */
export async function startServices(config: Config, options: StartOptions): Promise<RunningServices> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
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
      startupLock: database.url ? (work) => withAdvisoryLock(database.url!, JOBS_STARTUP_LOCK_ID, work) : undefined,
    });
    const rateLimiter = new RateLimiter({
      store: config.RATE_LIMIT_STORE,
      burst: config.RATE_LIMIT_BURST,
      short: config.RATE_LIMIT_SHORT,
      minute: config.RATE_LIMIT_MINUTE,
      db: database.db,
      logger,
    });
    const cache = new AppCache(logger);
    await cache.start(database);
    const services: AppServices = { config, database, db: database.db, jobs, logger, rateLimiter, cache };
    await jobs.start(options.jobs ?? allJobs, { services });
    // A worker that starts picks up what a stopped or crashed one left behind.
    const works = (definition: AnyJobDefinition) =>
      options.work && (options.jobs ?? allJobs).includes(definition) && (!options.workOnly || options.workOnly.includes(definition));
    if (works(sweepDuePostsJob)) await sweepDuePosts(services);
    return {
      ...services,
      async stop() {
        await jobs.stop();
        await cache.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
