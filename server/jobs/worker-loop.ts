import type PgBoss from 'pg-boss';
import type { DatabaseAvailability } from '../db/availability';
import type { Logger } from '../logger';

export type FetchedJob = PgBoss.JobWithMetadata<unknown>;

export type WorkerLoopOptions = {
  queue: string;
  /** One fetch (pg-boss marks what it returns active); rejects when the database is away. */
  fetch: () => Promise<FetchedJob[]>;
  run: (job: FetchedJob) => Promise<void>;
  complete: (job: FetchedJob) => Promise<unknown>;
  fail: (job: FetchedJob, error: unknown) => Promise<unknown>;
  pollingIntervalMs: number;
  availability: DatabaseAvailability;
  logger: Logger;
};

const MAX_BACKOFF_MS = 5_000;
const backoffMs = (attempt: number) => Math.min(MAX_BACKOFF_MS, 250 * 2 ** attempt) * (0.5 + Math.random() / 2);

/**
 * One worker of one queue: fetch, run, record the outcome, fetch again. It replaces pg-boss's
 * `work()` loop, which does not await recording a job's outcome: when the database goes away
 * between a job's end and that write, the rejection is unhandled and ends the process. Here an
 * outcome that cannot be written is retried (capped, jittered backoff) until the database takes
 * it, so the job neither waits for its expiry nor runs twice; a fetch that fails pauses the loop
 * the same way, and it resumes by itself.
 */
export class WorkerLoop {
  busy = false;
  /** When this worker last asked the queue for work and got an answer: readiness reads it. */
  lastPolledAt = 0;
  private stopping = false;
  private woken = false;
  private wakeSleeper: (() => void) | null = null;
  private done: Promise<void> = Promise.resolve();

  constructor(private readonly options: WorkerLoopOptions) {}

  start(): void {
    this.done = this.loop();
  }

  /** Fetch now rather than at the next poll (a job was committed, or the listener reconnected). */
  wake(): void {
    this.woken = true;
    this.wakeSleeper?.();
  }

  /** Stops fetching; resolves when the job in hand (if any) has finished and its outcome is recorded. */
  stop(): Promise<void> {
    this.stopping = true;
    this.wakeSleeper?.();
    return this.done;
  }

  private async loop() {
    const { fetch, pollingIntervalMs, availability, logger, queue } = this.options;
    let failures = 0;
    while (!this.stopping) {
      this.woken = false;
      let jobs: FetchedJob[];
      try {
        jobs = await fetch();
        this.lastPolledAt = Date.now();
        failures = 0;
      } catch (error) {
        if (!availability.report(error, `worker ${queue}`)) logger.error('job fetch failed', { queue, error: String(error) });
        await this.sleep(backoffMs(failures++));
        continue;
      }
      if (jobs.length === 0) {
        if (!this.woken) await this.sleep(pollingIntervalMs);
        continue;
      }
      // A worker that found work asks for more at once: a backlog drains at full speed.
      this.busy = true;
      try {
        for (const job of jobs) await this.runOne(job);
      } finally {
        this.busy = false;
      }
    }
  }

  private async runOne(job: FetchedJob) {
    let failure: { error: unknown } | null = null;
    try {
      await withinSeconds(this.options.run(job), job.expireInSeconds);
    } catch (error) {
      failure = { error };
    }
    await this.record(job, failure);
  }

  private async record(job: FetchedJob, failure: { error: unknown } | null) {
    const { complete, fail, availability, logger, queue } = this.options;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await (failure ? fail(job, failure.error) : complete(job));
        return;
      } catch (error) {
        if (!availability.report(error, `worker ${queue}`)) {
          // Not an outage: retrying will not help. The job stays active until its expiry, then runs again.
          logger.error('could not record a job outcome', { queue, jobId: job.id, error: String(error) });
          return;
        }
        // Shutting down in an outage: give up; the job runs again after its expiry (handlers are idempotent).
        if (this.stopping && attempt >= 3) return;
        await this.sleep(backoffMs(attempt));
      }
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeSleeper = () => {
        this.wakeSleeper = null;
        finish();
      };
    });
  }
}

/** A handler still running past its job's expiry fails the job, as pg-boss's own loop does. */
async function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`handler execution exceeded ${seconds}s`)), seconds * 1000);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
