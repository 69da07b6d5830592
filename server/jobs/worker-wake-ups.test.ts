import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { newId } from '../db/ids';
import { createTestApp } from '../test/test-app';
import { eventually } from '../webhooks/test-receiver';
import { allJobs } from './all-jobs';
import { defineJob, handleJob } from './define-job';

// Workers that poll only every ten minutes: within this file, a job runs only if the NOTIFY sent
// with it on commit wakes a worker (decision 019).
const POLL_SECONDS = 600;

const started = new Set<string>();
const markJob = defineJob({ name: 'test-wake-mark', payload: z.object({ marker: z.string() }), retryLimit: 0 });
const markHandler = handleJob(markJob, async ({ marker }) => {
  started.add(marker);
});

const t = await createTestApp({ work: true, jobs: allJobs, handlers: [markHandler], workOnly: [markJob], pollingIntervalSeconds: POLL_SECONDS });
// Workers fetch once when they start; let that first (empty) fetch pass so they are idle, waiting.
await new Promise((resolve) => setTimeout(resolve, 1000));

describe('waking idle workers on commit', { timeout: 60_000 }, () => {
  it('runs a job sent inside a committed transaction long before the next poll', async () => {
    const marker = newId();
    await t.services.db.transaction((tx) => t.services.jobs.send(markJob, { marker }, { executor: tx }));
    await eventually(() => started.has(marker), 30_000, 20);
  });

  it('wakes a worker for a job sent outside any transaction too, and for several in a row', async () => {
    const markers = [newId(), newId(), newId()];
    for (const marker of markers) await t.services.jobs.send(markJob, { marker });
    await eventually(() => markers.every((marker) => started.has(marker)), 30_000, 20);
  });

  it('wakes nobody for a rolled-back transaction: its job never existed', async () => {
    const marker = newId();
    await expect(
      t.services.db.transaction(async (tx) => {
        await t.services.jobs.send(markJob, { marker }, { executor: tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = newId();
    await t.services.jobs.send(markJob, { marker: after });
    await eventually(() => started.has(after), 30_000, 20);
    expect(started.has(marker)).toBe(false);
  });
});
