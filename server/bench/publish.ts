import { eq, sql } from 'drizzle-orm';
import { posts } from '../db/schema/posts';
import { createApp } from '../app';
import { machine, startBenchServices } from './bench-services';
import { createOrganization } from '../organizations/organizations.service';
import { sweepDuePosts } from '../posts/sweep-due-posts';
import { createTeam } from '../teams/teams.service';

/**
 * `npm run bench:publish`: 1,000 posts fall due at the same moment; how long until all are POSTED,
 * and posts published per second, beside the database's own single-row insert rate measured in
 * the same run (the floor any per-post bookkeeping stands on).
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 1000);
const ACCOUNTS = Math.ceil(POSTS / 100); // BUSINESS allows 100 Mastodon posts per account per day

const { config, services } = await startBenchServices({ work: true });
const app = createApp(services, { serveDashboard: false });
const { organization, key } = await createOrganization(services.db, { name: 'Bench org', plan: 'BUSINESS' });

async function call(method: string, path: string, body?: unknown) {
  const response = await app.request(`/api/v1${path}`, {
    method,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

// The database's own pace: single-row inserts, one after another, each its own commit. A plain
// table, not a temporary one: on Postgres each statement may run on another pooled connection,
// and a temporary table exists only on the connection that made it.
const insertsTable = sql.identifier(`bench_inserts_${process.pid}_${Date.now()}`);
await services.db.execute(sql`create table ${insertsTable} (id serial primary key, payload text not null)`);
const insertStart = performance.now();
for (let i = 0; i < 1000; i++) await services.db.execute(sql`insert into ${insertsTable} (payload) values (${`row ${i}`})`);
const insertsPerSecond = 1000 / ((performance.now() - insertStart) / 1000);
await services.db.execute(sql`drop table ${insertsTable}`);

const teams: string[] = [];
for (let i = 0; i < ACCOUNTS; i++) {
  const team = await createTeam(services.db, { organizationId: organization.id, name: `Bench team ${i}` });
  await call('POST', '/sandbox/accounts', { teamId: team.id, type: 'MASTODON', username: `bench_${i}` });
  teams.push(team.id);
}

// Everything falls due together, once all posts exist.
const createStart = performance.now();
const dueAt = new Date(Date.now() + 10 * 60_000);
const ids: string[] = [];
for (let i = 0; i < POSTS; i++) {
  const post = await call('POST', '/post', {
    teamId: teams[i % ACCOUNTS],
    title: `Bench ${i}`,
    postDate: dueAt.toISOString(),
    socialAccountTypes: ['MASTODON'],
    data: { MASTODON: { text: `Benchmark post ${i}` } },
  });
  ids.push(post.id);
}
const createSeconds = (performance.now() - createStart) / 1000;
// Bring the due time forward for all of them at once (past the sweep's grace minute, so the sweep
// hands out their jobs right away instead of waiting ten minutes for the scheduled ones).
const due = new Date();
await services.db
  .update(posts)
  .set({ postDate: due, dueAt: new Date(due.getTime() - 120_000) })
  .where(eq(posts.organizationId, organization.id));
await sweepDuePosts(services);

let posted = 0;
let nextReport = Date.now() + 2000;
while (posted < POSTS) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  const result = await services.db.execute<{ n: number }>(
    sql`select count(*)::int as n from posts where organization_id = ${organization.id} and status = 'POSTED'`,
  );
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows) as { n: number }[];
  posted = Number(rows[0]!.n);
  if (Date.now() >= nextReport) {
    console.log(`  ${((Date.now() - due.getTime()) / 1000).toFixed(1)} s: ${posted}/${POSTS} posted`);
    nextReport += 2000;
  }
}
const seconds = (Date.now() - due.getTime()) / 1000;
const perSecond = POSTS / seconds;

console.log(`\n${machine()}\nDatabase: ${services.database.kind}; ${POSTS} posts on ${ACCOUNTS} accounts; ${config.WORKER_CONCURRENCY} workers per queue`);
console.table([
  { measure: 'created through the API', value: `${createSeconds.toFixed(1)} s (${(POSTS / createSeconds).toFixed(0)} posts/s)` },
  { measure: 'due → all POSTED', value: `${seconds.toFixed(1)} s` },
  { measure: 'published', value: `${perSecond.toFixed(1)} posts/s` },
  { measure: 'database single-row inserts', value: `${insertsPerSecond.toFixed(0)} rows/s` },
]);
console.log(`\nratio published posts/s : single-row inserts/s = ${(perSecond / insertsPerSecond).toFixed(3)}\n`);
await services.stop();
process.exit(0);
