import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { startServices, type RunningServices } from '../bootstrap';
import { loadConfig } from '../config';
import { freshDatabaseUrl } from '../test/fresh-database';
import { defineJob, handleJob, type JobContract } from './define-job';

// One database that outlives a restart: a directory for the embedded one, a database of its own on Postgres.
const database = await freshDatabaseUrl('sd_test');
const dataDir = await mkdtemp(path.join(tmpdir(), 'sd-queue-settings-'));
afterAll(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const payload = z.object({ marker: z.string() });
const firstRelease = defineJob({ name: 'test-always-fails', payload, retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 60 });
const nextRelease = { ...firstRelease, retryLimit: 2, expireInSeconds: 90 };

/** Starts a worker for the job as a release that declares it so; every run is recorded, then fails. */
async function startRelease(contract: JobContract<{ marker: string }>): Promise<RunningServices> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATABASE_POOL_SIZE: '4',
  });
  const handler = handleJob(contract, async ({ marker }, { services }) => {
    await services.db.execute(sql`insert into queue_settings_runs (marker) values (${marker})`);
    throw new Error('this job always fails');
  });
  const services = await startServices(config, { work: true, jobs: [], handlers: [handler], pollingIntervalSeconds: 0.5 });
  await services.db.execute(sql`create table if not exists queue_settings_runs (marker text not null)`);
  return services;
}

async function runsOf(services: RunningServices, marker: string): Promise<number> {
  const result = await services.db.execute<{ n: number | string }>(sql`select count(*)::int as n from queue_settings_runs where marker = ${marker}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number | string }[] }).rows) as { n: number | string }[];
  return Number(rows[0]!.n);
}

/** Sends one job and waits until the queue gives up on it. */
async function sendUntilFailed(services: RunningServices, marker: string) {
  const id = await services.jobs.send(firstRelease, { marker });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const job = await services.jobs.getJob(firstRelease.name, id!);
    if (job?.state === 'failed' || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// Two starts on a database made for this file (the embedded one migrated from nothing, not copied
// from the suite's template), and a job retried twice a second apart: 30 s was not enough on a
// busy machine (CI timed it out while its other workers ran).
describe('queue settings of an existing database', { timeout: 120_000 }, () => {
  it('follow the contract after a restart with changed retry and expiry settings', async () => {
    const first = await startRelease(firstRelease);
    try {
      const job = await sendUntilFailed(first, 'first');
      expect(job).toMatchObject({ state: 'failed', retryLimit: 0 });
      expect(await runsOf(first, 'first')).toBe(1);
    } finally {
      await first.stop();
    }

    const next = await startRelease(nextRelease);
    try {
      const job = await sendUntilFailed(next, 'next');
      // The queue now retries twice: three runs, and the job carries the new expiry.
      expect(job).toMatchObject({ state: 'failed', retryLimit: 2, retryCount: 2 });
      const expiry = await next.db.execute<{ s: number | string }>(sql`select extract(epoch from expire_in)::int as s from pgboss.job where id = ${job!.id}`);
      const rows = (Array.isArray(expiry) ? expiry : (expiry as { rows: { s: number | string }[] }).rows) as { s: number | string }[];
      expect(Number(rows[0]!.s)).toBe(90);
      expect(await runsOf(next, 'next')).toBe(3);
    } finally {
      await next.stop();
    }
  });
});
