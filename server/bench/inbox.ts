import { count, eq } from 'drizzle-orm';
import { enableMessaging } from '../accounts/messaging.service';
import { createApp } from '../app';
import { messages } from '../db/schema/inbox';
import { allJobs } from '../jobs/all-jobs';
import { jobHandlers } from '../jobs/job-handlers';
import { createOrganization } from '../organizations/organizations.service';
import { connectSandboxAccount, emitMessage } from '../sandbox/sandbox.service';
import { machine, startBenchServices } from './bench-services';
import { openEventStream } from './events/sse-client';
import { summary, until } from './events/stats';
import { listen } from './http-load';
import { measureInsertRate } from './insert-rate';

/**
 * `npm run bench:inbox`: inbound DMs through the one ingestion path (what a platform webhook
 * does: parse, store the inbound event, dispatch job, the inbox consumer, outbox, NOTIFY) until
 * each is on the dashboard's live stream. Prints messages stored per second and the latency from
 * ingest to the SSE event, beside the database's single-row insert rate of the same run.
 */
const MESSAGES = Number(process.env.BENCH_INBOX_MESSAGES ?? 1000);
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

const ingestedAt = new Map<string, number>();
const seenAt = new Map<string, number>();
const stream = await openEventStream(`${server.url}/api/v1/events/stream`, { 'x-api-key': org.key }, (_id, data) => {
  const envelope = JSON.parse(data) as { type: string; data: { message?: { text: string } } };
  if (envelope.type !== 'conversation.message.created' || !envelope.data.message) return;
  if (!seenAt.has(envelope.data.message.text)) seenAt.set(envelope.data.message.text, performance.now());
});

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < MESSAGES) {
      const i = next++;
      const text = `Bench DM ${i}`;
      ingestedAt.set(text, performance.now());
      await emitMessage(services, { organizationId: scope.organizationId, socialAccountId: account.id, text, senderId: `9${String(i % PEOPLE).padStart(5, '0')}`, senderName: `Person ${i % PEOPLE}` });
    }
  }),
);
const ingested = performance.now();
await until(() => seenAt.size >= MESSAGES, 600_000, 'every message on the live stream');
const finished = performance.now();
stream.close();

const [stored] = await services.db.select({ value: count() }).from(messages).where(eq(messages.organizationId, scope.organizationId));
const latencies = [...ingestedAt].map(([text, at]) => seenAt.get(text)! - at);
const storedPerSecond = (stored?.value ?? 0) / ((finished - started) / 1000);

console.log(`\n${machine()}; ${services.config.DATABASE_URL ? 'Postgres' : 'PGlite'}; ${MESSAGES} DMs from ${PEOPLE} people, ${CONCURRENCY} at a time\n`);
console.table([
  { measure: 'single-row inserts/s (baseline)', value: Math.round(insertsPerSecond) },
  { measure: 'webhooks ingested/s', value: Math.round(MESSAGES / ((ingested - started) / 1000)) },
  { measure: 'messages stored and streamed/s', value: Math.round(storedPerSecond) },
]);
console.table([{ measure: 'ingest → SSE conversation.message.created (ms)', ...summary(latencies) }]);
console.log(`\nratio messages stored/s : single-row inserts/s = ${(storedPerSecond / insertsPerSecond).toFixed(3)}\n`);

server.server.close();
await services.stop();
