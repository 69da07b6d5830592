import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { newId } from '../db/ids';
import { createTestApp } from '../test/test-app';
import { allJobs } from './all-jobs';
import { defineJob, handleJob } from './define-job';

// A job whose only effect is a row per run, so tests can count runs.
const recordRunJob = defineJob({
  name: 'test-record-run',
  payload: z.object({ marker: z.string() }),
  retryLimit: 0,
});
const recordRunHandler = handleJob(recordRunJob, async ({ marker }, { services }) => {
  await services.db.execute(sql`insert into job_test_runs (marker) values (${marker})`);
});

// A job that always throws, retried once: each attempt leaves a row, and the clean-up one more.
const alwaysFailsJob = defineJob({
  name: 'test-always-fails',
  payload: z.object({ marker: z.string() }),
  retryLimit: 1,
  retryDelaySeconds: 1,
  retryBackoff: false,
});
const alwaysFailsHandler = handleJob(
  alwaysFailsJob,
  async ({ marker }, { services, attempt }) => {
    await services.db.execute(sql`insert into job_test_runs (marker) values (${`${marker}:attempt-${attempt}`})`);
    throw new Error('the platform is down');
  },
  {
    async afterLastAttempt({ marker }, error, { services }) {
      await services.db.execute(sql`insert into job_test_runs (marker) values (${`${marker}:gave-up:${(error as Error).message}`})`);
    },
  },
);

const t = await createTestApp({
  work: true,
  jobs: allJobs,
  handlers: [recordRunHandler, alwaysFailsHandler],
  workOnly: [recordRunJob, alwaysFailsJob],
});
await t.services.db.execute(sql`create table if not exists job_test_runs (marker text not null, ran_at timestamptz not null default now())`);

async function runsOf(marker: string): Promise<Date[]> {
  const result = await t.services.db.execute<{ ran_at: string | Date }>(sql`select ran_at from job_test_runs where marker = ${marker}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { ran_at: string | Date }[] }).rows) as { ran_at: string | Date }[];
  return rows.map((row) => new Date(row.ran_at));
}

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('jobs on the product database', () => {
  it('runs the clean-up of a job once, after its last attempt failed', async () => {
    const marker = newId();
    await t.services.jobs.send(alwaysFailsJob, { marker });
    const gaveUp = `${marker}:gave-up:the platform is down`;
    await waitFor(
      () => runsOf(gaveUp),
      (r) => r.length > 0,
    );
    expect(await runsOf(`${marker}:attempt-1`)).toHaveLength(1);
    expect(await runsOf(`${marker}:attempt-2`)).toHaveLength(1);
    expect(await runsOf(gaveUp)).toHaveLength(1);
  });

  it('runs a job enqueued inside a committed transaction exactly once', async () => {
    const marker = newId();
    await t.services.db.transaction(async (tx) => {
      await t.services.jobs.send(recordRunJob, { marker }, { executor: tx });
    });
    const runs = await waitFor(
      () => runsOf(marker),
      (r) => r.length > 0,
    );
    expect(runs).toHaveLength(1);
    // Give a duplicate every chance to show up before concluding there is none.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await runsOf(marker)).toHaveLength(1);
  });

  it('never runs a job whose transaction rolled back', async () => {
    const marker = newId();
    let jobId: string | null = null;
    await expect(
      t.services.db.transaction(async (tx) => {
        jobId = await t.services.jobs.send(recordRunJob, { marker }, { executor: tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(jobId).toEqual(expect.any(String));
    expect(await t.services.jobs.getJob(recordRunJob.name, jobId!)).toBeNull();
    // A job sent after it proves the worker is running, so the absence above is meaningful.
    const control = newId();
    await t.services.jobs.send(recordRunJob, { marker: control });
    await waitFor(
      () => runsOf(control),
      (r) => r.length > 0,
    );
    expect(await runsOf(marker)).toHaveLength(0);
  });

  it('runs a delayed job only after its delay', async () => {
    const marker = newId();
    const notBefore = new Date(Date.now() + 3000);
    await t.services.jobs.send(recordRunJob, { marker }, { startAfter: notBefore });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await runsOf(marker)).toHaveLength(0);
    const runs = await waitFor(
      () => runsOf(marker),
      (r) => r.length > 0,
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]!.getTime()).toBeGreaterThanOrEqual(notBefore.getTime() - 50);
  });

  it('refuses a payload that does not fit the job', async () => {
    await expect(t.services.jobs.send(recordRunJob, { marker: 42 } as unknown as { marker: string })).rejects.toThrow();
  });
});
