import { z } from 'zod';
import { createApp } from '../app';
import { recordEvents, type NewEvent } from '../events/outbox';
import { defineJob, handleJob } from '../jobs/define-job';
import { allJobs } from '../jobs/all-jobs';
import { jobHandlers } from '../jobs/job-handlers';
import { createOrganization } from '../organizations/organizations.service';
import { createTeam } from '../teams/teams.service';
import { createEndpoint } from '../webhooks/endpoints/endpoints.service';
import { startReceiver } from '../webhooks/test-receiver';
import { startBenchServices } from './bench-services';
import { openEventStream } from './events/sse-client';
import { pause, summary, until } from './events/stats';
import { listen } from './http-load';
import { measureInsertRate } from './insert-rate';

/**
 * `npm run bench:events`: how long the product takes to react to a committed change.
 * - single events on an idle server: `POST /team` answered → first webhook attempt at a local
 *   receiver, and → the same event on the dashboard's live stream (SSE);
 * - job pickup: a job sent inside a committing transaction → its handler starts, idle workers;
 * - bursts of events from many organizations and teams, written with the bulk `recordEvents` (not
 *   paced by `POST /team`): all at once (how fast the backlog drains, deliveries per second) and
 *   sustained at 500 events/s (commit → first attempt latency while delivery keeps up);
 * beside the database's single-row insert rate measured in the same run.
 * Polling stays at pg-boss's production interval (1 s), so any figure far below it is the
 * on-commit wake-up at work (decision 019).
 */
const SINGLES = Number(process.env.BENCH_SINGLE_EVENTS ?? 40);
const PICKUPS = Number(process.env.BENCH_PICKUPS ?? 40);
const BURST = Number(process.env.BENCH_BURST_EVENTS ?? 5000);
const BURST_ORGS = Number(process.env.BENCH_BURST_ORGS ?? 20);
const TEAMS_PER_ORG = 5;
const SUSTAINED_RATE = Number(process.env.BENCH_SUSTAINED_RATE ?? 500);

process.env.WEBHOOK_ALLOW_PRIVATE = 'true';

// A job that only notes when it started: pickup is measured on the product's own queue machinery.
const pickupStarted = new Map<string, number>();
const benchPickupJob = defineJob({ name: 'bench.pickup', payload: z.object({ id: z.string() }), retryLimit: 0 });
const benchPickupHandler = handleJob(benchPickupJob, async ({ id }) => {
  pickupStarted.set(id, performance.now());
});

const { config, services } = await startBenchServices({
  work: true,
  pollingIntervalSeconds: 1,
  jobs: [...allJobs, benchPickupJob],
  handlers: [...jobHandlers, benchPickupHandler],
});
const app = createApp(services, { serveDashboard: false });
const server = await listen(app.fetch);

// Every first attempt, by webhook-id, with the moment its body had arrived.
const firstAttempt = new Map<string, { at: number; body: { id: string; data: { id?: string } } }>();
const receiver = await startReceiver();
receiver.respond((request, res) => {
  const at = performance.now();
  res.writeHead(200).end('ok');
  const id = String(request.headers['webhook-id']);
  if (!firstAttempt.has(id)) firstAttempt.set(id, { at, body: JSON.parse(request.body) });
});

const insertsPerSecond = await measureInsertRate(services.db);

// --- Single events on an idle server, webhook and live stream -------------------------------
const single = await createOrganization(services.db, { name: 'Bench single', plan: 'BUSINESS' });
await createEndpoint(services, { organizationId: single.organization.id, url: receiver.url('/single') });
const sseSeen = new Map<string, number>();
const stream = await openEventStream(`${server.url}/api/v1/events/stream`, { 'x-api-key': single.key }, (_id, data) => {
  const teamId = (JSON.parse(data) as { data: { id: string } }).data.id;
  if (!sseSeen.has(teamId)) sseSeen.set(teamId, performance.now());
});
const webhookMs: number[] = [];
const sseMs: number[] = [];
for (let i = 0; i < SINGLES; i++) {
  const response = await fetch(`${server.url}/api/v1/team`, {
    method: 'POST',
    headers: { 'x-api-key': single.key, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Single ${i}` }),
  });
  const team = (await response.json()) as { id: string };
  const answeredAt = performance.now();
  if (response.status !== 200) throw new Error(`POST /team: ${response.status} ${JSON.stringify(team)}`);
  const delivered = () => [...firstAttempt.values()].find((attempt) => attempt.body.data.id === team.id);
  await until(() => !!delivered() && sseSeen.has(team.id), 10_000, `event ${i}`);
  webhookMs.push(delivered()!.at - answeredAt);
  sseMs.push(sseSeen.get(team.id)! - answeredAt);
  await pause(100); // idle again before the next one
}
stream.close();

// --- Job pickup: sent inside a committing transaction, idle workers -----------------------------
const pickupMs: number[] = [];
for (let i = 0; i < PICKUPS; i++) {
  const id = `pickup-${i}`;
  await services.db.transaction((tx) => services.jobs.send(benchPickupJob, { id }, { executor: tx }));
  const committedAt = performance.now();
  await until(() => pickupStarted.has(id), 10_000, `job ${id}`);
  pickupMs.push(pickupStarted.get(id)! - committedAt);
  await pause(100);
}

// --- Burst: many organizations and teams, events written in bulk transactions ---------------------
const burstTeams: { organizationId: string; teamId: string }[] = [];
for (let o = 0; o < BURST_ORGS; o++) {
  const { organization } = await createOrganization(services.db, { name: `Bench burst ${o}`, plan: 'BUSINESS' });
  await createEndpoint(services, { organizationId: organization.id, url: receiver.url(`/burst/${o}`) });
  for (let t = 0; t < TEAMS_PER_ORG; t++) {
    const team = await createTeam(services.db, { organizationId: organization.id, name: `Burst ${o}.${t}` });
    burstTeams.push({ organizationId: organization.id, teamId: team.id });
  }
}
/**
 * Writes `count` events over the burst teams in transactions of `perTransaction` (one bulk statement
 * each), every `everyMs` (0: back to back), and waits for every first attempt.
 */
async function burst(count: number, perTransaction: number, everyMs: number) {
  const committedAt = new Map<string, number>();
  const started = performance.now();
  for (let written = 0; written < count; written += perTransaction) {
    const due = started + (written / perTransaction) * everyMs;
    if (due > performance.now()) await pause(due - performance.now());
    const events: NewEvent[] = [];
    for (let i = written; i < Math.min(count, written + perTransaction); i++) {
      const { organizationId, teamId } = burstTeams[i % burstTeams.length]!;
      events.push({ organizationId, teamId, type: 'team.updated' as const, data: { id: teamId, n: i } });
    }
    const ids = await services.db.transaction((tx) => recordEvents(tx, events));
    const at = performance.now();
    for (const id of ids) committedAt.set(id, at);
  }
  const writtenMs = performance.now() - started;
  await until(() => [...committedAt.keys()].every((id) => firstAttempt.has(id)), 600_000, 'the burst to be delivered');
  const latencies = [...committedAt].map(([id, at]) => firstAttempt.get(id)!.at - at);
  const last = Math.max(...[...committedAt.keys()].map((id) => firstAttempt.get(id)!.at));
  return { latencies, writtenMs, perSecond: count / ((last - started) / 1000) };
}
// All at once: how fast a backlog drains.
const drained = await burst(BURST, 500, 0);
await pause(2000);
// Sustained at the target rate: whether delivery keeps up, and how late each event arrives.
const sustained = await burst(BURST, SUSTAINED_RATE / 20, 50);

// --- Report ------------------------------------------------------------------------------------
const row = (measure: string, values: number[], target: string) => ({ measure, ...summary(values), target });
console.log(`\nDatabase: ${services.database.kind}; ${config.WORKER_CONCURRENCY} workers per queue; pg-boss polling every 1 s (the safety net)`);
console.table([
  row('POST /team answered → webhook first attempt (ms)', webhookMs, 'p50 ≤ 50, p95 ≤ 150'),
  row('POST /team answered → live stream (SSE) (ms)', sseMs, 'p95 ≤ 100'),
  row('job committed → handler started (ms)', pickupMs, 'p95 ≤ 50'),
  row(`${BURST} events at ${SUSTAINED_RATE}/s: commit → first attempt (ms)`, sustained.latencies, 'p95 ≤ 1000'),
  row(`${BURST} events at once: commit → first attempt (ms)`, drained.latencies, '(backlog)'),
]);
console.table([
  {
    measure: `${BURST} events at once (${BURST_ORGS} orgs × ${TEAMS_PER_ORG} teams, 500 per transaction)`,
    value: `written in ${(drained.writtenMs / 1000).toFixed(1)} s`,
  },
  { measure: '  deliveries (first attempts)', value: `${drained.perSecond.toFixed(0)} /s (target ≥ 500)` },
  {
    measure: `${BURST} events at ${SUSTAINED_RATE}/s (${SUSTAINED_RATE / 20} per transaction every 50 ms)`,
    value: `written in ${(sustained.writtenMs / 1000).toFixed(1)} s`,
  },
  { measure: '  deliveries (first attempts)', value: `${sustained.perSecond.toFixed(0)} /s` },
  { measure: 'database single-row inserts', value: `${insertsPerSecond.toFixed(0)} rows/s` },
]);
console.log(`\nratio burst deliveries/s : single-row inserts/s = ${(drained.perSecond / insertsPerSecond).toFixed(3)}\n`);

server.server.close();
await receiver.close();
await services.stop();
process.exit(0);
