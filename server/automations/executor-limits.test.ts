import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../comments/comments-test-kit';
import { automationExecutions, automationExecutionSteps } from '../db/schema/automations';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { createTestApp } from '../test/test-app';
import { automationsOrg, dmDefinition } from './automations-test-kit';
import { runAutomationExecutionJob } from './executor/executor.jobs';

const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob, runAutomationExecutionJob] });

type Run = {
  id: string;
  status: string;
  triggerId: string;
  conversationId: string | null;
  output: Record<string, string> | null;
  error: { code: string | null; message: string } | null;
  steps: { stepId: string; status: string; attemptCount: number; output: Record<string, unknown> | null; error: { code: string | null } | null }[];
};

const FINAL = ['COMPLETED', 'SKIPPED', 'FAILED', 'CANCELED'];

async function limitsOrg(plan: 'FREE' | 'PRO' | 'BUSINESS' = 'PRO') {
  const org = await automationsOrg(t, plan);
  const enabled = await t.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } });
  expect(enabled.status, enabled.text).toBe(200);
  const flow = async (definition: unknown) => {
    const created = await org.create({ definition });
    expect(created.status, created.text).toBe(201);
    const published = await org.publish(created.json.id);
    expect(published.status, published.text).toBe(200);
    return published.json as { id: string };
  };
  const runs = async (flowId: string) =>
    ((await org.call('GET', `/automations/${flowId}/executions?teamId=${org.teamId}&limit=100`)).json.items ?? []) as Run[];
  const settled = (flowId: string, count = 1) =>
    waitFor(
      () => runs(flowId),
      (items) => items.length >= count && items.every((run) => FINAL.includes(run.status)),
      60,
    );
  const dm = async (text: string, senderId: string) => {
    const response = await t.request('POST', '/sandbox/inbound/message', {
      key: org.key,
      body: { socialAccountId: org.instagram.id, text, senderId, senderName: `Person ${senderId}` },
    });
    expect(response.status, response.text).toBe(200);
    return response.json.items[0] as { id: string };
  };
  const fault = async (body: Record<string, unknown>) => {
    const armed = await t.request('POST', '/sandbox/faults', {
      key: org.key,
      body: { type: 'INSTAGRAM', socialAccountId: org.instagram.id, operation: 'messaging.send', ...body },
    });
    expect(armed.status, armed.text).toBe(200);
  };
  const thread = async (conversationId: string) =>
    (await org.call('GET', `/conversations/${conversationId}/messages?limit=100`)).json.items as { text: string; status: string }[];
  return { ...org, flow, runs, settled, dm, fault, thread };
}

describe('executor limits', { timeout: 240_000 }, () => {
  it('puts a rate-limited run back to QUEUED until the reset, resumes it at that step, and answers a test run 429 meanwhile', async () => {
    const org = await limitsOrg();
    const flow = await org.flow(dmDefinition(org.instagram.id));
    await org.fault({ kind: 'RATE_LIMITED', count: 1, retryAfterSeconds: 3 });
    await org.dm('price please', 'rl-1');

    const [waiting] = await waitFor(
      () => org.runs(flow.id),
      (items) => items[0]?.output?.rateLimitedUntil !== undefined,
      60,
    );
    expect(waiting).toMatchObject({ status: 'QUEUED', output: { rateLimitedAtStepId: 'answer' } });
    expect(waiting!.steps[0]).toMatchObject({ stepId: 'answer', status: 'PENDING', attemptCount: 1, error: { code: 'RATE_LIMITED' } });

    // While the account is rate-limited a test run is refused before running, and nothing is kept.
    const conversationId = waiting!.conversationId!;
    const test = await org.call('POST', `/automations/${flow.id}/test`, { input: { conversationId } });
    expect(test.status, test.text).toBe(429);
    expect(test.json).toMatchObject({ statusCode: 429 });

    const [done] = await org.settled(flow.id);
    expect(done).toMatchObject({ status: 'COMPLETED', output: { completedAtStepId: 'answer' } });
    expect(done!.steps[0]).toMatchObject({ status: 'COMPLETED', attemptCount: 2, error: null });
    const sent = (await org.thread(conversationId)).filter((message) => message.text.startsWith('Prices'));
    expect(sent.map((message) => message.status).sort()).toEqual(['FAILED', 'SENT']);
    expect((await org.runs(flow.id)).length).toBe(1);

    // A test run the platform rate-limits at its first action answers 429 and leaves no run.
    await org.fault({ kind: 'RATE_LIMITED', count: 1, retryAfterSeconds: 1 });
    const refused = await org.call('POST', `/automations/${flow.id}/test`, { input: { conversationId } });
    expect(refused.status, refused.text).toBe(429);
    expect((await org.runs(flow.id)).length).toBe(1);
  });

  it('runs at most 25 flows per event, the oldest first', async () => {
    const org = await limitsOrg('BUSINESS');
    const flows: { id: string }[] = [];
    for (let i = 0; i < 26; i++)
      flows.push(await org.flow(dmDefinition(org.instagram.id, { steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: `Answer ${i}` } }] })));
    const event = await org.dm('price?', 'many-1');
    const runs = await waitFor(
      () => t.services.db.select().from(automationExecutions).where(eq(automationExecutions.triggerId, event.id)),
      (rows) => rows.length >= 25 && rows.every((row) => FINAL.includes(row.status)),
      120,
    );
    expect(runs.length).toBe(25);
    expect(new Set(runs.map((run) => run.flowId))).toEqual(new Set(flows.slice(0, 25).map((flow) => flow.id)));
    expect(runs.every((run) => run.status === 'COMPLETED')).toBe(true);
  });

  it('counts the monthly budget exactly: of events recorded at once at the last slot, one runs', async () => {
    const org = await limitsOrg();
    await org.flow(dmDefinition(org.instagram.id));
    const first = await org.dm('price', 'budget-0');
    const [template] = await waitFor(
      () => t.services.db.select().from(automationExecutions).where(eq(automationExecutions.triggerId, first.id)),
      (rows) => rows.length === 1,
      60,
    );
    // 198 more counted runs this month (the PRO budget is 200): one slot left.
    const { id: _id, ...base } = template!;
    await t.services.db
      .insert(automationExecutions)
      .values(Array.from({ length: 198 }, (_, i) => ({ ...base, triggerId: `used-${i}`, status: 'COMPLETED' as const, senderExternalId: `old-${i}` })));
    const events = await Promise.all(['budget-1', 'budget-2', 'budget-3'].map((sender) => org.dm('price', sender)));
    const rows = await waitFor(
      () =>
        t.services.db
          .select()
          .from(automationExecutions)
          .where(
            inArray(
              automationExecutions.triggerId,
              events.map((event) => event.id),
            ),
          ),
      (items) => items.length === 3 && items.every((row) => FINAL.includes(row.status)),
      60,
    );
    const skipped = rows.filter((row) => row.error?.code === 'AUTOMATION_MONTHLY_LIMIT_REACHED');
    expect(skipped.length, JSON.stringify(rows.map((row) => [row.status, row.error]))).toBe(2);
    expect(rows.filter((row) => !row.error).map((row) => row.status)).toEqual(['COMPLETED']);
  });

  it('holds each plan’s monthly run budget per account: none on FREE, 1,000 on BUSINESS', async () => {
    const free = await limitsOrg('FREE');
    const freeFlow = await free.flow(dmDefinition(free.instagram.id));
    await free.dm('price?', 'free-1');
    const [refused] = await free.settled(freeFlow.id);
    expect(refused).toMatchObject({ status: 'SKIPPED', error: { code: 'AUTOMATION_MONTHLY_LIMIT_REACHED' }, steps: [] });
    const test = await free.call('POST', `/automations/${freeFlow.id}/test`, { input: { conversationId: refused!.conversationId } });
    expect(test.status, test.text).toBe(403);
    expect(test.json.message).toMatch(/Monthly run budget used: 0 runs/);

    const business = await limitsOrg('BUSINESS');
    await business.flow(dmDefinition(business.instagram.id));
    const first = await business.dm('price', 'biz-0');
    const byEvent = (eventId: string) =>
      waitFor(
        () => t.services.db.select().from(automationExecutions).where(eq(automationExecutions.triggerId, eventId)),
        (rows) => rows.length === 1 && FINAL.includes(rows[0]!.status),
        60,
      ).then((rows) => rows[0]!);
    const template = await byEvent(first.id);
    expect(template.status).toBe('COMPLETED');
    // 998 more counted runs this month: one slot of 1,000 left. Runs that do not count beside them:
    // skipped and canceled ones, and last month's.
    const { id: _id, ...base } = template;
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1) - 24 * 3600_000);
    const seeded = [
      ...Array.from({ length: 998 }, (_, i) => ({
        ...base,
        triggerId: `used-${i}`,
        status: i % 2 ? ('COMPLETED' as const) : ('FAILED' as const),
        senderExternalId: `old-${i}`,
      })),
      ...Array.from({ length: 20 }, (_, i) => ({
        ...base,
        triggerId: `free-${i}`,
        status: i % 2 ? ('SKIPPED' as const) : ('CANCELED' as const),
        senderExternalId: `old-${i}`,
      })),
      ...Array.from({ length: 20 }, (_, i) => ({
        ...base,
        triggerId: `past-${i}`,
        status: 'COMPLETED' as const,
        senderExternalId: `old-${i}`,
        createdAt: lastMonth,
      })),
    ];
    await t.services.db.insert(automationExecutions).values(seeded);
    const last = await business.dm('price', 'biz-1');
    expect(await byEvent(last.id)).toMatchObject({ status: 'COMPLETED', error: null });
    const over = await business.dm('price', 'biz-2');
    expect(await byEvent(over.id)).toMatchObject({ status: 'SKIPPED', error: { code: 'AUTOMATION_MONTHLY_LIMIT_REACHED' } });
  });

  it('answers an event on a page connected to two teams once: the first team claims it, the other is SKIPPED', async () => {
    const org = await t.createOrg('PRO', ['dms', 'automations']);
    const other = (await t.request('POST', '/team', { key: org.key, body: { name: 'Second team' } })).json.id as string;
    const accounts: string[] = [];
    for (const teamId of [org.teamId, other]) {
      const account = await t.request('POST', '/sandbox/accounts', {
        key: org.key,
        body: { teamId, type: 'FACEBOOK', username: 'shared.owner', channelName: 'Shared Bakery', grantMessaging: true },
      });
      expect(account.status, account.text).toBe(200);
      accounts.push(account.json.id);
      expect((await t.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId, type: 'FACEBOOK' } })).status).toBe(200);
      const definition = {
        trigger: { type: 'DM_RECEIVED', platform: 'FACEBOOK', socialAccountId: account.json.id, keywords: ['price'] },
        steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Prices' } }],
      };
      const flow = await t.request('POST', '/automations', { key: org.key, body: { teamId, name: 'Prices', platformScope: 'FACEBOOK', definition } });
      expect(flow.status, flow.text).toBe(201);
      expect((await t.request('POST', `/automations/${flow.json.id}/publish`, { key: org.key })).status).toBe(200);
    }
    const sent = await t.request('POST', '/sandbox/inbound/message', {
      key: org.key,
      body: { socialAccountId: accounts[0], text: 'price?', senderId: 'shared-1', senderName: 'Sam Shared' },
    });
    expect(sent.status, sent.text).toBe(200);
    const events = sent.json.items as { id: string; teamId: string }[];
    expect(events.map((event) => event.teamId).sort()).toEqual([org.teamId, other].sort());
    const rows = await waitFor(
      () =>
        t.services.db
          .select()
          .from(automationExecutions)
          .where(
            inArray(
              automationExecutions.triggerId,
              events.map((event) => event.id),
            ),
          ),
      (items) => items.length === 2 && items.every((row) => FINAL.includes(row.status)),
      60,
    );
    expect(rows.map((row) => row.status).sort()).toEqual(['COMPLETED', 'SKIPPED']);
    expect(rows.find((row) => row.status === 'SKIPPED')!.error).toMatchObject({ code: 'AUTOMATION_SHARED_PAGE_CLAIMED' });
  });
});

describe('automations paused on the service side', { timeout: 240_000 }, () => {
  it('records matching runs and test runs SKIPPED with AUTOMATION_EXECUTION_DISABLED', async () => {
    const paused = await createTestApp({
      work: true,
      workOnly: [dispatchInboundEventJob, runAutomationExecutionJob],
      env: { AUTOMATION_EXECUTION_PAUSED: 'true' },
    });
    const org = await automationsOrg(paused);
    expect((await paused.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } })).status).toBe(
      200,
    );
    const created = await org.create();
    const flow = (await org.publish(created.json.id)).json as { id: string };
    const sent = await paused.request('POST', '/sandbox/inbound/message', {
      key: org.key,
      body: { socialAccountId: org.instagram.id, text: 'price', senderId: 'p-1', senderName: 'Paula' },
    });
    expect(sent.status).toBe(200);
    const [run] = await waitFor(
      async () => ((await org.call('GET', `/automations/${flow.id}/executions?teamId=${org.teamId}`)).json.items ?? []) as Run[],
      (items) => items.length === 1,
      60,
    );
    expect(run).toMatchObject({ status: 'SKIPPED', error: { code: 'AUTOMATION_EXECUTION_DISABLED' } });
    expect(run!.steps).toEqual([]);
    const test = await org.call('POST', `/automations/${flow.id}/test`, { input: { conversationId: run!.conversationId } });
    expect(test.status, test.text).toBe(200);
    expect(test.json).toMatchObject({ status: 'SKIPPED', error: { code: 'AUTOMATION_EXECUTION_DISABLED' }, input: { type: 'MANUAL_TEST' } });
    const steps = await paused.services.db.select().from(automationExecutionSteps).where(eq(automationExecutionSteps.executionId, test.json.id));
    expect(steps).toEqual([]);
  });
});
