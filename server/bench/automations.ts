import { and, eq, inArray } from 'drizzle-orm';
import { enableMessaging } from '../accounts/messaging.service';
import { createFlow, publishFlow } from '../automations/flows.service';
import { automationExecutions, automationExecutionSteps } from '../db/schema/automations';
import { messages } from '../db/schema/inbox';
import { inboundEvents } from '../db/schema/ingest';
import { allJobs } from '../jobs/all-jobs';
import { jobHandlers } from '../jobs/job-handlers';
import { createOrganization } from '../organizations/organizations.service';
import { connectSandboxAccount, emitMessage } from '../sandbox-platform/sandbox.service';
import { machine, startBenchServices } from './bench-services';
import { pause, summary } from './events/stats';

/**
 * `npm run bench:automations`: 200 people each DM a word an active flow listens for, through the
 * one ingestion path (inbound event, dispatch job, inbox consumer recording the run, the run's
 * job, the inbox send service, the sandbox platform). Prints the latency from the event reaching
 * the service to the automated reply being SENT, and runs finished per second.
 */
const PEOPLE = Number(process.env.BENCH_AUTOMATION_PEOPLE ?? 200);
const CONCURRENCY = Number(process.env.BENCH_AUTOMATION_CONCURRENCY ?? 8);

const { services } = await startBenchServices({ work: true, pollingIntervalSeconds: 0.5, jobs: allJobs, handlers: jobHandlers });
const org = await createOrganization(services.db, { name: 'Bench automations', plan: 'BUSINESS', features: ['dms', 'automations'] });
const scope = { organizationId: org.organization.id, teamId: org.team.id };
const account = await connectSandboxAccount(services, { ...scope, type: 'INSTAGRAM', username: 'bench.automations', grantMessaging: true });
await enableMessaging(services, { ...scope, type: 'INSTAGRAM' });
const flow = await createFlow(services.db, scope, {
  teamId: scope.teamId,
  name: 'Price answers',
  platformScope: 'INSTAGRAM',
  definition: {
    trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: account.id, keywords: ['price'] },
    steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Our prices: https://example.com/prices' } }],
  },
});
await publishFlow(services.db, { ...scope, id: flow.id }, {});

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < PEOPLE) {
      const i = next++;
      await emitMessage(services, {
        organizationId: scope.organizationId,
        socialAccountId: account.id,
        text: `What is the price? (${i})`,
        senderId: `8${String(i).padStart(5, '0')}`,
        senderName: `Buyer ${i}`,
      });
    }
  }),
);

const finalStatuses = ['COMPLETED', 'FAILED', 'SKIPPED', 'CANCELED'] as const;
const deadline = Date.now() + 600_000;
let runs: (typeof automationExecutions.$inferSelect)[] = [];
for (;;) {
  runs = await services.db.select().from(automationExecutions).where(eq(automationExecutions.flowId, flow.id));
  if (runs.length >= PEOPLE && runs.every((run) => (finalStatuses as readonly string[]).includes(run.status))) break;
  if (Date.now() > deadline) throw new Error(`timed out: ${runs.length} runs recorded`);
  await pause(100);
}
const finished = performance.now();

const steps = await services.db
  .select({ executionId: automationExecutionSteps.executionId, output: automationExecutionSteps.output })
  .from(automationExecutionSteps)
  .where(
    and(
      inArray(
        automationExecutionSteps.executionId,
        runs.map((run) => run.id),
      ),
      eq(automationExecutionSteps.stepId, 'answer'),
    ),
  );
const messageIds = steps.flatMap((step) => (typeof step.output?.messageId === 'string' ? [step.output.messageId] : []));
const replies = messageIds.length
  ? await services.db.select({ id: messages.id, sentAt: messages.sentAt }).from(messages).where(inArray(messages.id, messageIds))
  : [];
const replySentAt = new Map(replies.map((reply) => [reply.id, reply.sentAt]));
const sentAt = new Map(steps.map((step) => [step.executionId, replySentAt.get(String(step.output?.messageId))]));
const latencies = runs.flatMap((run) => {
  const sent = sentAt.get(run.id);
  return sent ? [sent.getTime() - run.receivedAt.getTime()] : [];
});
const byStatus = Object.fromEntries(finalStatuses.map((status) => [status, runs.filter((run) => run.status === status).length]));

console.log(
  `\n${machine()}; ${services.config.DATABASE_URL ? 'Postgres' : 'PGlite'}; ${PEOPLE} people each DM a matching active flow, ${CONCURRENCY} at a time\n`,
);
console.table([
  { measure: 'runs finished/s (first DM in → last run done)', value: Math.round((runs.length / ((finished - started) / 1000)) * 10) / 10 },
  ...Object.entries(byStatus).map(([status, n]) => ({ measure: `runs ${status}`, value: n })),
]);
const events = await services.db
  .select({ id: inboundEvents.id, receivedAt: inboundEvents.receivedAt, processedAt: inboundEvents.processedAt })
  .from(inboundEvents)
  .where(
    inArray(
      inboundEvents.id,
      runs.map((run) => run.triggerId),
    ),
  );
const processedAt = new Map(events.map((event) => [event.id, event.processedAt]));
const stage = (pick: (run: (typeof runs)[number]) => Date | null | undefined) =>
  runs.flatMap((run) => {
    const at = pick(run);
    return at ? [at.getTime() - run.receivedAt.getTime()] : [];
  });
console.table([
  { measure: 'event received → consumed, run recorded (ms)', ...summary(stage((run) => processedAt.get(run.triggerId))) },
  { measure: 'event received → run started (ms)', ...summary(stage((run) => run.startedAt)) },
  { measure: 'event received → automated reply SENT (ms)', ...summary(latencies) },
]);

await services.stop();
