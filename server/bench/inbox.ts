import { count, eq } from 'drizzle-orm';
import { enableMessaging } from '../accounts/messaging.service';
import { createApp } from '../app';
import { messages } from '../db/schema/inbox';
import { allJobs } from '../jobs/all-jobs';
import { jobHandlers } from '../jobs/job-handlers';
import { createOrganization } from '../organizations/organizations.service';
import { connectSandboxAccount, emitMessage } from '../sandbox-platform/sandbox.service';
import { machine, startBenchServices } from './bench-services';
import { openEventStream } from './events/sse-client';
import { summary, until } from './events/stats';
import { listen } from './http-load';
import { measureInsertRate } from './insert-rate';

/**
 * `npm run bench:inbox`: inbound DMs through the one ingestion path (what a platform webhook
 * does: parse, store the inbound event, dispatch job, the inbox consumer, outbox, NOTIFY) until
 * each is on the dashboard's live stream (SSE), beside the database's single-row insert rate
 * measured in the same run. Two phases, because latency under a backlog measures the backlog:
 * - one DM at a time (`BENCH_INBOX_SINGLE`, default 200): the pipeline's own latency;
 * - 1,000 DMs (`BENCH_INBOX_MESSAGES`), `BENCH_INBOX_CONCURRENCY` webhooks in flight: messages
 *   stored per second, and the latency each one saw while the burst queued up.
 * Latency runs from the moment the webhook is handed to the ingestion path to the moment its
 * `conversation.message.created` event reaches the SSE client.
 */
const MESSAGES = Number(process.env.BENCH_INBOX_MESSAGES ?? 1000);
const SINGLE = Number(process.env.BENCH_INBOX_SINGLE ?? 200);
const CONCURRENCY = Number(process.env.BENCH_INBOX_CONCURRENCY ?? 8);
const PEOPLE = 50;

const { services } = await startBenchServices({ work: true, pollingIntervalSeconds: 1, jobs: allJobs, handlers: jobHandlers });
const app = createApp(services, { serveDashboard: false });
const server = await listen(app.fetch);

const insertsPerSecond = await measureInsertRate(services.db);

const org = await createOrganization(services.db, { name: 'Bench inbox', plan: 'BUSINESS', features: ['dms'] });
const scope = { organizationId: org.organization.id, teamId: org.team.id };
const account = await connectSandboxAccount(services, { ...scope, type: 'INSTAGRAM', username: 'bench.inbox', grantMessaging: true });
await enableMessaging(services, { ...scope, type: 'INSTAGRAM' });

const handedAt = new Map<string, number>();
const streamedAt = new Map<string, number>();
const stream = await openEventStream(`${server.url}/api/v1/events/stream`, { 'x-api-key': org.key }, (_id, data) => {
  const envelope = JSON.parse(data) as { type: string; data: { message?: { text: string } } };
  if (envelope.type !== 'conversation.message.created' || !envelope.data.message) return;
  if (!streamedAt.has(envelope.data.message.text)) streamedAt.set(envelope.data.message.text, performance.now());
});

async function dm(i: number, text: string) {
  handedAt.set(text, performance.now());
  await emitMessage(services, {
    ...scope,
    socialAccountId: account.id,
    text,
    senderId: `9${String(i % PEOPLE).padStart(5, '0')}`,
    senderName: `Person ${i % PEOPLE}`,
  });
}
const latencies = (texts: string[]) => texts.map((text) => streamedAt.get(text)! - handedAt.get(text)!);

// Phase 1: one at a time, each waiting for its event (also warms the consumer and the stream).
const singles: string[] = [];
for (let i = 0; i < SINGLE; i++) {
  const text = `Single DM ${i}`;
  singles.push(text);
  await dm(i, text);
  await until(() => streamedAt.has(text), 60_000, `${text} on the live stream`);
}

// Phase 2: the burst.
const burst = Array.from({ length: MESSAGES }, (_, i) => `Bench DM ${i}`);
const [before] = await services.db.select({ value: count() }).from(messages).where(eq(messages.organizationId, scope.organizationId));
const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < MESSAGES) {
      const i = next++;
      await dm(i, burst[i]!);
    }
  }),
);
const ingested = performance.now();
await until(() => burst.every((text) => streamedAt.has(text)), 600_000, 'every message of the burst on the live stream');
const finished = performance.now();
stream.close();

const [after] = await services.db.select({ value: count() }).from(messages).where(eq(messages.organizationId, scope.organizationId));
const stored = (after?.value ?? 0) - (before?.value ?? 0);
const storedPerSecond = stored / ((finished - started) / 1000);
const single = summary(latencies(singles));

console.log(`\n${machine()}; ${services.config.DATABASE_URL ? 'Postgres' : 'PGlite'}; ${PEOPLE} people writing\n`);
console.table([
  { measure: 'single-row inserts/s (baseline, same run)', value: Math.round(insertsPerSecond) },
  { measure: `burst: webhooks accepted/s (${CONCURRENCY} in flight)`, value: Math.round(MESSAGES / ((ingested - started) / 1000)) },
  { measure: `burst: ${stored} messages stored and streamed/s`, value: Math.round(storedPerSecond) },
]);
console.table([
  { measure: 'ingest → SSE, one DM at a time (ms)', ...single },
  { measure: `ingest → SSE, ${MESSAGES} DMs in a burst (ms)`, ...summary(latencies(burst)) },
]);
console.log(`\nratio messages stored/s : single-row inserts/s = ${(storedPerSecond / insertsPerSecond).toFixed(3)}`);
// How many single-row inserts the database does in the time one DM takes end to end.
console.log(`ratio one-DM p95 latency : one single-row insert = ${(single.p95 / (1000 / insertsPerSecond)).toFixed(1)}\n`);

server.server.close();
await services.stop();
