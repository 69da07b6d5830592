import { describe, expect, it } from 'vitest';
import { waitFor } from '../comments/comments-test-kit';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { createTestApp } from '../test/test-app';
import { automationsOrg, dmDefinition } from './automations-test-kit';
import { runAutomationExecutionJob } from './executor/executor.jobs';

// The run's time limit comes from config: 2 s here instead of the spec's 60, so nothing fakes time.
const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob, runAutomationExecutionJob], env: { AUTOMATION_RUN_TIMEOUT_SECONDS: '2' } });

type Run = {
  id: string;
  status: string;
  conversationId: string | null;
  error: { code: string | null; message: string } | null;
  steps: { stepId: string; status: string; output: Record<string, unknown> | null; error: { code: string | null } | null }[];
};

describe('the run time limit', { timeout: 180_000 }, () => {
  it('fails a run past its limit with AUTOMATION_EXECUTION_TIMEOUT, runs no later step, and records a late action honestly', async () => {
    const org = await automationsOrg(t);
    expect((await t.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } })).status).toBe(200);
    const steps = [
      { id: 'slow', type: 'SEND_MESSAGE', message: { text: 'Slow answer' } },
      { id: 'later', type: 'SEND_MESSAGE', message: { text: 'Never sent' } },
    ];
    const created = await org.create({ definition: dmDefinition(org.instagram.id, { steps }) });
    const flow = (await org.publish(created.json.id)).json as { id: string };
    // The platform takes 3.5 s to answer the first send: the run's 2 s are up before it does.
    const fault = await t.request('POST', '/sandbox/faults', {
      key: org.key,
      body: { type: 'INSTAGRAM', socialAccountId: org.instagram.id, operation: 'messaging.send', kind: 'SLOW', delayMs: 3500, count: 1 },
    });
    expect(fault.status, fault.text).toBe(200);
    await t.request('POST', '/sandbox/inbound/message', {
      key: org.key,
      body: { socialAccountId: org.instagram.id, text: 'price', senderId: 'slow-1', senderName: 'Sam Slow' },
    });

    const runs = () => org.call('GET', `/automations/${flow.id}/executions?teamId=${org.teamId}`).then((response) => (response.json.items ?? []) as Run[]);
    const [failed] = await waitFor(runs, (items) => items[0]?.status === 'FAILED', 60);
    expect(failed!.error).toMatchObject({ code: 'AUTOMATION_EXECUTION_TIMEOUT', message: 'The run took over 2 seconds' });
    expect(failed!.steps.map((step) => [step.stepId, step.status])).toEqual([
      ['slow', 'FAILED'],
      ['later', 'SKIPPED'],
    ]);

    // The platform call was already under way: its send lands, and the step's row says so.
    const [late] = await waitFor(runs, (items) => items[0]?.steps[0]?.output?.completedAfterTimeout === true, 30);
    expect(late).toMatchObject({ status: 'FAILED', error: { code: 'AUTOMATION_EXECUTION_TIMEOUT' } });
    const thread = (await org.call('GET', `/conversations/${late!.conversationId}/messages?limit=100`)).json.items as { text: string }[];
    expect(thread.map((message) => message.text)).toContain('Slow answer');
    expect(thread.map((message) => message.text)).not.toContain('Never sent');
  });
});
