import PgBoss from 'pg-boss';
import type { Executor } from '../db/client';
import { sqlExecutorFor, type SqlExecutor } from '../db/raw-sql';
import type { Logger } from '../logger';
import type { AnyJobDefinition, JobContext, JobDefinition } from './define-job';

export type SendOptions = {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  executor?: Executor;
  startAfter?: Date | number;
  singletonKey?: string;
};

export type JobQueueOptions = {
  /**
   * Postgres: pg-boss's own small pool (its maintenance runs multi-statement transactions, which a
   * shared postgres.js pool refuses). Embedded: an executor over the one PGlite connection.
   */
  connection: { executor: SqlExecutor } | { connectionString: string; poolSize: number };
  /** Workers fetch and run jobs; API-only processes just enqueue. */
  work: boolean;
  /** Work only these queues (every queue is still created, so any job can be sent). */
  workOnly?: ReadonlySet<string>;
  concurrency: number;
  pollingIntervalSeconds?: number;
  logger: Logger;
  /**
   * Serializes start-up across instances: pg-boss creates a partition per queue, and two
   * processes creating the same queues at once on a fresh database deadlock.
   */
  startupLock?: <T>(work: () => Promise<T>) => Promise<T>;
};

/** pg-boss on the product's own database connection, with typed, validated job definitions. */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, AnyJobDefinition>();
  private started = false;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({
      ...('executor' in options.connection
        ? { db: options.connection.executor }
        : { connectionString: options.connection.connectionString, max: options.connection.poolSize }),
      schema: 'pgboss',
      migrate: true,
      supervise: options.work,
      schedule: options.work,
    });
    this.boss.on('error', (error) => options.logger.error('job queue error', { error: String(error) }));
  }

  async start(definitions: AnyJobDefinition[], context: Omit<JobContext, 'jobId' | 'attempt'>): Promise<void> {
    const lock = this.options.startupLock ?? ((work) => work());
    await lock(async () => {
      await this.boss.start();
      for (const definition of definitions) await this.createQueue(definition);
    });
    for (const definition of definitions) await this.register(definition, context);
    this.started = true;
  }

  private async createQueue(definition: AnyJobDefinition) {
    this.definitions.set(definition.name, definition);
    if (await this.boss.getQueue(definition.name)) return;
    await this.boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: definition.retryDelaySeconds ?? 5,
      retryBackoff: definition.retryBackoff ?? true,
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    });
  }

  private async register(definition: AnyJobDefinition, context: Omit<JobContext, 'jobId' | 'attempt'>) {
    if (!this.options.work || (this.options.workOnly && !this.options.workOnly.has(definition.name))) return;
    if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
    const pollingIntervalSeconds = this.options.pollingIntervalSeconds ?? 1;
    for (let i = 0; i < this.options.concurrency; i++) {
      const workerId: string = await this.boss.work(
        definition.name,
        { batchSize: 1, pollingIntervalSeconds, includeMetadata: true },
        async (jobs) => {
          // pg-boss waits a polling interval between fetches even when there was work; a worker
          // that just found a job asks for the next one at once, so a backlog drains at full speed.
          this.boss.notifyWorker(workerId);
          for (const job of jobs) {
            // A payload that does not parse can never succeed: the error fails the job visibly.
            const payload = definition.payload.parse(job.data);
            await definition.handle(payload, { ...context, jobId: job.id, attempt: job.retryCount + 1 });
          }
        },
      );
    }
  }

  async send<Payload>(definition: JobDefinition<Payload>, payload: Payload, options: SendOptions = {}): Promise<string | null> {
    if (!this.started || !this.definitions.has(definition.name)) {
      throw new Error(`job queue ${definition.name} is not registered`);
    }
    const data = definition.payload.parse(payload);
    return this.boss.send(definition.name, data as object, {
      startAfter: options.startAfter,
      singletonKey: options.singletonKey,
      ...(options.executor ? { db: sqlExecutorFor(options.executor) } : {}),
    });
  }

  async getJob(name: string, id: string) {
    return this.boss.getJobById(name, id);
  }

  /** Lets running handlers finish (up to the timeout), then stops polling. */
  async stop(timeoutMs = 30_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
  }
}
