import { describe, expect, it } from 'vitest';
import { waitFor } from '../comments/comments-test-kit';
import { automationExecutions } from '../db/schema/automations';
import { dispatchInboundEventJob } from '../ingest/dispatch-inbound-event.job';
import { createTestApp } from '../test/test-app';
import { automationsOrg, dmDefinition } from './automations-test-kit';

// Only the ingest worker runs: a test run must need no executor job (it is synchronous).
const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob] });

async function testOrg(plan: 'PRO' | 'FREE' = 'PRO') {
  const org = await automationsOrg(t, plan);
  const enabled = await t.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } });
  expect(enabled.status, enabled.text).toBe(200);
  /** A person writes to the account; answers their conversation's id. */
  const conversationWith = async (senderName: string) => {
    await t.request('POST', '/sandbox/inbound/message', { key: org.key, body: { socialAccountId: org.instagram.id, text: 'hello', senderName } });
    const list = await waitFor(() => org.call('GET', `/conversations?teamId=${org.teamId}&q=${encodeURIComponent(senderName)}`), (r) => r.json.items?.length === 1, 60);
    return list.json.items[0].id as string;
  };
  const test = (id: string, input: Record<string, unknown>) => org.call('POST', `/automations/${id}/test`, { input });
  return { ...org, conversationWith, test };
}

describe('test runs', { timeout: 180_000 }, () => {
  it('runs the draft once, synchronously, skipping the trigger but running conditions, and answers the execution', async () => {
    const org = await testOrg();
    const conversationId = await org.conversationWith('Tess Run');
    const definition = dmDefinition(org.instagram.id, {
      trigger: { keywords: ['never-typed'], actionDelaySeconds: 3600 },
      steps: [
        { id: 'gate', type: 'CONDITION', conditions: [{ field: 'SENDER_ID', operator: 'EQUALS', value: 'vip-1' }] },
        { id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Draft answer' } },
      ],
    });
    const flow = (await org.create({ definition })).json;

    const ran = await org.test(flow.id, { conversationId, senderExternalId: 'vip-1' });
    expect(ran.status, ran.text).toBe(200);
    expect(ran.json).toMatchObject({ status: 'COMPLETED', conversationId, output: { completedAtStepId: 'answer' }, input: { type: 'MANUAL_TEST' } });
    expect(ran.json.steps.map((step: { status: string }) => step.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const thread = await org.call('GET', `/conversations/${conversationId}/messages?limit=50`);
    expect(thread.json.items.some((message: { text: string; direction: string }) => message.direction === 'OUTBOUND' && message.text === 'Draft answer')).toBe(true);

    const stopped = await org.test(flow.id, { conversationId, senderExternalId: 'someone-else' });
    expect(stopped.json).toMatchObject({ status: 'SKIPPED', output: { skippedAtStepId: 'gate' } });
    const listed = await org.call('GET', `/automations/${flow.id}/executions?teamId=${org.teamId}`);
    expect(listed.json.items.length).toBe(2);
  });

  it('answers 400, 404 and 403 before running anything', async () => {
    const org = await testOrg();
    const conversationId = await org.conversationWith('Ed Gecase');
    const empty = (await org.call('POST', '/automations', { teamId: org.teamId, name: 'Empty', platformScope: 'INSTAGRAM' })).json;
    expect((await org.test(empty.id, { conversationId })).status).toBe(400);
    const flow = (await org.create()).json;
    const missing = await org.test(flow.id, {});
    expect(missing.status).toBe(400);
    expect(missing.json.issues[0].path).toEqual(['input', 'conversationId']);
    expect((await org.test(flow.id, { conversationId, extra: 1 })).status).toBe(400);
    expect((await org.test('nope', { conversationId })).status).toBe(404);
    const other = await testOrg();
    const theirs = await other.conversationWith('Other Person');
    const foreign = await org.test(flow.id, { conversationId: theirs });
    expect(foreign.status).toBe(404);
    expect(foreign.json.message).toMatch(/Conversation/);
    // The account's budget used up (PRO: 200 runs a month): 403, and no run recorded.
    const [template] = await t.services.db
      .insert(automationExecutions)
      .values({ organizationId: org.organizationId, teamId: org.teamId, flowId: flow.id, flowVersionId: flow.draftVersion.id, triggerId: 'seed', platform: 'INSTAGRAM', socialAccountId: org.instagram.id, status: 'FAILED', input: { type: 'DM_RECEIVED', platform: 'INSTAGRAM' }, receivedAt: new Date(), scheduledAt: new Date() })
      .returning();
    const { id: _id, ...base } = template!;
    await t.services.db.insert(automationExecutions).values(Array.from({ length: 199 }, (_, index) => ({ ...base, triggerId: `seed-${index}` })));
    const over = await org.test(flow.id, { conversationId });
    expect(over.status, over.text).toBe(403);
    expect(over.json.message).toMatch(/Monthly run budget/);
    const listed = await org.call('GET', `/automations/${flow.id}/executions?teamId=${org.teamId}&limit=500`);
    expect(listed.json.total).toBe(200);
  });
});
