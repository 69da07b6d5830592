import PgBoss from 'pg-boss';
import type { DatabaseAvailability } from '../db/availability';
import type { Executor } from '../db/client';
import { sqlExecutorFor, type SqlExecutor } from '../db/raw-sql';
import type { Logger } from '../logger';
import type { AnyJobContract, AnyJobHandler, JobContext, JobContract } from './define-job';
import { WorkerLoop, type FetchedJob } from './worker-loop';
import { JOB_WAKE_CHANNEL, WorkerWakeUps } from './worker-wake-ups';

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
  /** Where connection errors go: logged once per outage, and the workers pause until it ends. */
  availability: DatabaseAvailability;
  /**
   * Serializes start-up across instances: pg-boss creates a partition per queue, and two
   * processes creating the same queues at once on a fresh database deadlock.
   */
  startupLock?: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * LISTEN on the product's database (db/notifications.ts): workers hear of committed jobs at once
   * instead of at their next poll. Without it they only poll.
   */
  listen?: (channel: string, onMessage: (payload: string) => void, onConnected: () => void) => Promise<() => Promise<void>>;
};

/** What a contract asks of its queue, with the defaults every job kind gets. */
function queueSettings(contract: AnyJobContract) {
  return {
    retryLimit: contract.retryLimit ?? 5,
    retryDelay: contract.retryDelaySeconds ?? 5,
    retryBackoff: contract.retryBackoff ?? true,
    expireInSeconds: contract.expireInSeconds ?? 15 * 60,
  };
}

/** pg-boss on the product's own database connection, with typed, validated job contracts. */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly contracts = new Map<string, AnyJobContract>();
  private started = false;
  private readonly wakeUps: WorkerWakeUps;
  private unlisten?: () => Promise<void>;
  /** Queues already announced by an open transaction: one NOTIFY per queue and transaction is enough. */
  private readonly announced = new WeakMap<object, Set<string>>();
  /** Queues whose handler runs in this process. */
  private readonly handled = new Set<string>();
  private readonly workers = new Map<string, WorkerLoop>();
  /** pg-boss's connection, handed to its fetch, complete and fail so that failures reach the worker loops. */
  private readonly db: SqlExecutor;

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
    // pg-boss's maintenance and cron loops report here; an outage is logged once, by availability.
    this.boss.on('error', (error) => {
      if (!options.availability.report(error, 'job queue')) options.logger.error('job queue error', { error: String(error) });
    });
    this.wakeUps = new WorkerWakeUps((workerId) => this.workers.get(workerId)?.wake());
    // The worker loops report this connection's errors to availability themselves.
    this.db = { executeSql: (text, values) => this.boss.getDb().executeSql(text, values ?? []) };
  }

  /**
   * Creates (or updates) a queue for every contract, so any job can be sent from this process, and,
   * in a worker, runs the handlers. A handler's contract gets its queue even when not listed.
   */
  async start(contracts: AnyJobContract[], handlers: AnyJobHandler[], context: Omit<JobContext, 'jobId' | 'attempt'>): Promise<void> {
    const all = new Map<string, AnyJobContract>();
    for (const contract of [...contracts, ...handlers.map((handler) => handler.job)]) all.set(contract.name, contract);
    const lock = this.options.startupLock ?? ((work) => work());
    await lock(async () => {
      await this.boss.start();
      for (const contract of all.values()) await this.ensureQueue(contract);
    });
    const working = handlers.filter((handler) => this.works(handler.job));
    for (const handler of working) await this.register(handler, context);
    for (const handler of working) this.handled.add(handler.job.name);
    if (working.length > 0 && this.options.listen) {
      this.unlisten = await this.options.listen(
        JOB_WAKE_CHANNEL,
        (queue) => this.wakeUps.wake(queue),
        () => this.wakeUps.wakeAll(),
      );
    }
    this.started = true;
    for (const handler of working) await handler.atWorkerStart?.(context);
  }

  private works(contract: AnyJobContract) {
    return this.options.work && (!this.options.workOnly || this.options.workOnly.has(contract.name));
  }

  /**
   * pg-boss keeps a queue's retry and expiry settings from its creation; a contract whose settings
   * changed since (a new release) updates them, so jobs sent from now on follow the new ones.
   */
  private async ensureQueue(contract: AnyJobContract) {
    this.contracts.set(contract.name, contract);
    const wanted = queueSettings(contract);
    const existing = await this.boss.getQueue(contract.name);
    if (!existing) {
      await this.boss.createQueue(contract.name, { name: contract.name, ...wanted });
      return;
    }
    const changed = (Object.keys(wanted) as (keyof typeof wanted)[]).some((key) => existing[key] !== wanted[key]);
    if (!changed) return;
    await this.boss.updateQueue(contract.name, { name: contract.name, policy: existing.policy, ...wanted });
    this.options.logger.info('job queue settings updated', { queue: contract.name, ...wanted });
  }

  private async register(handler: AnyJobHandler, context: Omit<JobContext, 'jobId' | 'attempt'>) {
    const { job: contract } = handler;
    if (contract.cron) await this.boss.schedule(contract.name, contract.cron, {}, { tz: 'UTC' });
    const pollingIntervalMs = (this.options.pollingIntervalSeconds ?? 1) * 1000;
    const { availability, logger } = this.options;
    for (let i = 0; i < this.options.concurrency; i++) {
      const state = this.wakeUps.add(contract.name);
      const worker = new WorkerLoop({
        queue: contract.name,
        pollingIntervalMs,
        availability,
        logger,
        fetch: async () => {
          // pg-boss's fetch answers "no jobs" when its query fails: keep the error to tell the two apart.
          let failure: { error: unknown } | undefined;
          const db: SqlExecutor = {
            executeSql: (text, values) =>
              this.db.executeSql(text, values).catch((error: unknown) => {
                failure = { error };
                throw error;
              }),
          };
          const jobs = await this.boss.fetch(contract.name, { batchSize: 1, includeMetadata: true, db });
          if (failure) throw failure.error;
          state.busy = jobs.length > 0;
          return jobs as FetchedJob[];
        },
        run: async (job) => {
          // A payload that does not parse can never succeed: the error fails the job visibly.
          const payload = contract.payload.parse(job.data);
          const jobContext = { ...context, jobId: job.id, attempt: job.retryCount + 1 };
          try {
            await handler.handle(payload, jobContext);
          } catch (error) {
            if (handler.afterLastAttempt && job.retryCount >= queueSettings(contract).retryLimit) {
              await handler
                .afterLastAttempt(payload, error, jobContext)
                .catch((hookError: unknown) => logger.error('job clean-up after its last attempt failed', { queue: contract.name, error: String(hookError) }));
            }
            throw error;
          }
        },
        // The third argument is the job's output whatever the typings' overloads say (pg-boss 10's
        // complete(name, id, data, options)): none, as pg-boss's own loop records for a void handler.
        complete: (job) => this.boss.complete(contract.name, job.id, null as unknown as object, { db: this.db }),
        // pg-boss stores the error (serialized) as the job's output, as its own loop does.
        fail: (job, error) => this.boss.fail(contract.name, job.id, error as object, { db: this.db }),
      });
      state.id = `${contract.name}#${i}`;
      this.workers.set(state.id, worker);
      worker.start();
    }
  }

  /** When a worker of this process last got an answer from the queue (0: never, or no workers). */
  get lastPolledAt(): number {
    let latest = 0;
    for (const worker of this.workers.values()) latest = Math.max(latest, worker.lastPolledAt);
    return latest;
  }

  /** Whether this process runs workers at all (ROLE=worker or all). */
  get working(): boolean {
    return this.workers.size > 0;
  }

  async send<Payload>(contract: JobContract<Payload>, payload: Payload, options: SendOptions = {}): Promise<string | null> {
    if (!this.started || !this.contracts.has(contract.name)) {
      throw new Error(`job queue ${contract.name} is not registered`);
    }
    const data = contract.payload.parse(payload);
    const executor = options.executor ? sqlExecutorFor(options.executor) : undefined;
    const id = await this.boss.send(contract.name, data as object, {
      startAfter: options.startAfter,
      singletonKey: options.singletonKey,
      ...(executor ? { db: executor } : {}),
    });
    const later = options.startAfter !== undefined && new Date(options.startAfter).getTime() > Date.now();
    // A job due later is found by the poll when its time comes; waking anyone now finds nothing.
    if (id && !later) await this.announce(contract.name, options.executor, executor);
    return id;
  }

  /** NOTIFY on the sender's executor: inside a transaction, workers hear of the job on commit. */
  private async announce(queue: string, transaction: Executor | undefined, executor: SqlExecutor | undefined) {
    const inTransaction = transaction && 'rollback' in transaction;
    if (inTransaction) {
      const queues = this.announced.get(transaction) ?? new Set<string>();
      if (queues.has(queue)) return;
      queues.add(queue);
      this.announced.set(transaction, queues);
    }
    await (executor ?? this.boss.getDb()).executeSql('select pg_notify($1, $2)', [JOB_WAKE_CHANNEL, queue]);
  }

  /** Whether this process runs the handler of `contract` (a worker), so it may do that work in-process. */
  handles(contract: AnyJobContract): boolean {
    return this.started && this.handled.has(contract.name);
  }

  async getJob(name: string, id: string) {
    return this.boss.getJobById(name, id);
  }

  /** Lets running handlers finish (up to the timeout), then stops polling. */
  async stop(timeoutMs = 30_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.handled.clear();
    await this.unlisten?.().catch(() => {});
    const stopped = Promise.all([...this.workers.values()].map((worker) => worker.stop()));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([stopped, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    this.workers.clear();
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
  }
}
