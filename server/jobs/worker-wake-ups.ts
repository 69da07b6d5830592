/**
 * Wakes idle workers (worker-loop.ts) when a job is committed, instead of leaving it for their next poll.
 *
 * Sending a job also sends `NOTIFY sd_jobs, '<queue>'` on the same executor: inside a transaction
 * Postgres delivers it on commit (and never on rollback), so a woken worker always finds the row.
 * Every worker process LISTENs and wakes one idle worker of that queue. A lost notification (a
 * listener reconnecting, a process busy elsewhere) costs only latency: the workers keep polling as
 * the safety net, and a reconnected listener wakes every worker once. See decision 019.
 */
export const JOB_WAKE_CHANNEL = 'sd_jobs';

type WorkerState = { id: string; busy: boolean; wokenAt: number };

export class WorkerWakeUps {
  private readonly byQueue = new Map<string, WorkerState[]>();

  constructor(private readonly notifyWorker: (workerId: string) => void) {}

  /** A worker of `queue`; its id is filled in once the queue has started it. */
  add(queue: string): WorkerState {
    const state: WorkerState = { id: '', busy: false, wokenAt: 0 };
    const workers = this.byQueue.get(queue) ?? [];
    workers.push(state);
    this.byQueue.set(queue, workers);
    return state;
  }

  /** A job for `queue` was committed somewhere: one idle worker fetches now. */
  wake(queue: string): void {
    const workers = this.byQueue.get(queue);
    if (!workers) return;
    // Busy workers fetch again as soon as they finish (worker-loop.ts), so they need no call. Among
    // the others, the one woken longest ago: notices spread over the workers. Waking one that is
    // still fetching is never lost either: it then fetches again straight after.
    let chosen: WorkerState | undefined;
    for (const worker of workers) {
      if (!worker.id || worker.busy) continue;
      if (!chosen || worker.wokenAt < chosen.wokenAt) chosen = worker;
    }
    if (!chosen) return;
    chosen.wokenAt = Date.now();
    this.notifyWorker(chosen.id);
  }

  /** After LISTEN (re)connects, notices may have been missed: every worker fetches once. */
  wakeAll(): void {
    for (const workers of this.byQueue.values()) for (const worker of workers) if (worker.id) this.notifyWorker(worker.id);
  }
}
