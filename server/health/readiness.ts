import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { sqlExecutorFor } from '../db/raw-sql';
import type { AppServices } from '../services';
import { findOverduePosts, OVERDUE_AFTER_MS } from './publishing-watchdog';
import { publicUrlReach } from './public-url-reach';

const DATABASE_TIMEOUT_MS = 2_000;
/** A worker polls every second or so when idle; this long without an answer means it is stuck. */
const WORKER_SILENT_AFTER_MS = 30_000;

type Check = { ok: boolean; [detail: string]: unknown };
export type Readiness = { ready: boolean; checks: Record<string, Check> };

const journalPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/meta/_journal.json');
/** The newest migration this build ships (drizzle records each by its journal timestamp). */
const newestShippedMigration = (() => {
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { when: number; tag: string }[] };
  return journal.entries.at(-1)!;
})();

/**
 * Whether this instance should get traffic (and, with workers, whether it does its work): the
 * database answers, its schema is the one this build expects, this process's workers have polled
 * recently and no due post is left unclaimed. Every check runs, so the answer says what is wrong.
 */
export async function checkReadiness(services: AppServices): Promise<Readiness> {
  const checks: Record<string, Check> = {};
  checks.database = await checkDatabase(services);
  if (checks.database.ok) checks.migrations = await failedAsCheck(() => checkMigrations(services));
  if (services.jobs.working) {
    const silentForMs = Date.now() - services.jobs.lastPolledAt;
    checks.workers = { ok: silentForMs < WORKER_SILENT_AFTER_MS, lastPolledSecondsAgo: Math.round(silentForMs / 1000) };
    if (checks.database.ok) checks.publishing = await failedAsCheck(() => checkPublishing(services));
  }
  // A warning, not a reason to withhold traffic: everything but media publishing to those platforms works.
  const reach = await publicUrlReach(services.config);
  if (reach) checks.publicUrl = { ok: true, url: reach.url, fetchedBy: reach.platforms, warning: reach.problem };
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}

/** A check whose own query failed (the database went away mid-way) says so instead of throwing. */
async function failedAsCheck(check: () => Promise<Check>): Promise<Check> {
  try {
    return await check();
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function checkPublishing(services: AppServices): Promise<Check> {
  const overdue = await findOverduePosts(services.db);
  return {
    ok: overdue.count === 0,
    overduePosts: overdue.count,
    ...(overdue.oldestDueAt ? { oldestDueAt: overdue.oldestDueAt.toISOString() } : {}),
    overdueAfterSeconds: OVERDUE_AFTER_MS / 1000,
  };
}

async function checkDatabase(services: AppServices): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      services.db.execute(sql`select 1`),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS))),
    ]);
    services.database.availability.reportSuccess();
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    services.database.availability.report(error, 'readiness');
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

async function checkMigrations(services: AppServices): Promise<Check> {
  const { rows } = await sqlExecutorFor(services.db).executeSql('select max(created_at) as newest from drizzle.__drizzle_migrations');
  const newest = Number(rows[0]?.newest ?? 0);
  // A newer release may already have migrated further; only a schema behind this build is a problem.
  return { ok: newest >= newestShippedMigration.when, expected: newestShippedMigration.tag };
}
