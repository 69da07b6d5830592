import { describe, expect, it } from 'vitest';
import { inboxOrg } from '../inbox/inbox-test-kit';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { setFeature } from '../organizations/organizations.service';
import { createTestApp } from '../test/test-app';
import { automationsOrg, recordRun as record, type RecordedFlow as Flow, type RecordedRun } from './automations-test-kit';

// A real DM (through the ingest worker) for the conversation an execution names.
const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob] });
const recordRun = (organizationId: string, flow: Flow, run: RecordedRun = {}) => record(t, organizationId, flow, run);

async function publishedFlow(org: Awaited<ReturnType<typeof automationsOrg>>) {
  return (await org.publish((await org.create()).json.id)).json as Flow;
}

describe('automation executions', { timeout: 120_000 }, () => {
  it('answers 404 "Not found" while the organization is not enabled for automations', async () => {
    const { key } = await t.createOrg('PRO', ['dms']);
    for (const path of ['/automations/abc/executions', '/automation-executions/abc']) {
      const response = await t.request('GET', path, { key });
      expect(response.status, path).toBe(404);
      expect(response.json.message).toBe('Not found');
    }
  });

  it('lists a flow’s runs newest first with their steps, filters, and offset or cursor paging', async () => {
    const org = await automationsOrg(t);
    const flow = await publishedFlow(org);
    const other = await publishedFlow(org);
    const base = Date.now() - 60_000;
    const runs = [];
    for (let i = 0; i < 5; i += 1) {
      runs.push(
        await recordRun(org.organizationId, flow, {
          createdAt: new Date(base + i * 1000),
          status: i === 3 ? 'SKIPPED' : 'COMPLETED',
          conversationId: i === 4 ? 'conv-1' : null,
          steps: [
            { status: 'COMPLETED', attemptCount: 1 },
            { status: 'COMPLETED', attemptCount: 2, type: 'ARCHIVE_CONVERSATION' },
          ],
        }),
      );
    }
    await recordRun(org.organizationId, other);
    await recordRun(org.organizationId, flow, { createdAt: new Date(Date.now() - 31 * 24 * 3600_000) });
    const list = (query = '') => org.call('GET', `/automations/${flow.id}/executions?teamId=${org.teamId}${query}`);

    const all = await list('&limit=50');
    expect(all.status, all.text).toBe(200);
    expect(all.json.total).toBe(5);
    expect(all.json.items.map((run: { id: string }) => run.id)).toEqual(runs.map((run) => run.id).reverse());
    expect(all.json.items[0]).toMatchObject({
      flowId: flow.id,
      flowVersionId: flow.publishedVersion.id,
      status: 'COMPLETED',
      input: { type: 'DM_RECEIVED', text: 'price?' },
      flow: { id: flow.id, name: 'Price questions', status: 'ACTIVE', deleted: false },
      flowVersion: { id: flow.publishedVersion.id, version: 2, status: 'PUBLISHED' },
      steps: [
        { stepId: 'step_1', type: 'SEND_MESSAGE', status: 'COMPLETED', attemptCount: 1 },
        { stepId: 'step_2', type: 'ARCHIVE_CONVERSATION', status: 'COMPLETED', attemptCount: 2 },
      ],
    });

    expect((await list('&status=SKIPPED')).json.items.map((run: { id: string }) => run.id)).toEqual([runs[3]!.id]);
    expect((await list('&conversationId=conv-1')).json.total).toBe(1);
    expect((await list(`&triggerId=${runs[0]!.triggerId}`)).json.items.map((run: { id: string }) => run.id)).toEqual([runs[0]!.id]);
    expect((await list(`&flowVersionId=${flow.publishedVersion.id}`)).json.total).toBe(5);
    expect((await list('&platform=FACEBOOK')).json.total).toBe(0);

    const first = await list('&limit=2');
    expect(first.json.items.map((run: { id: string }) => run.id)).toEqual([runs[4]!.id, runs[3]!.id]);
    const second = await list(`&limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json.total).toBeUndefined();
    expect(second.json.items.map((run: { id: string }) => run.id)).toEqual([runs[2]!.id, runs[1]!.id]);
    const last = await list(`&limit=2&cursor=${second.json.nextCursor}`);
    expect(last.json).toMatchObject({ items: [{ id: runs[0]!.id }], nextCursor: null });
    expect((await list(`&cursor=${first.json.nextCursor}&offset=1`)).status).toBe(400);

    const otherTeam = await org.call('POST', '/team', { name: 'Other' });
    expect((await org.call('GET', `/automations/${flow.id}/executions?teamId=${otherTeam.json.id}`)).status).toBe(404);
  });

  it('reads one run with its steps and what it acted on, also after the flow is deleted, for 30 days', async () => {
    const org = await inboxOrg(t);
    await setFeature(t.services.db, org.organizationId, 'automations', true);
    const conversation = await org.dm({ text: 'How much is the cake?', senderId: '4440001', senderName: 'Mia Chen' });
    const message = (await org.thread(conversation.id)).items[0];
    const created = await t.request('POST', '/automations', {
      key: org.key,
      body: {
        teamId: org.teamId,
        name: 'Cake',
        platformScope: 'INSTAGRAM',
        definition: {
          trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: org.account.id },
          steps: [{ type: 'SEND_MESSAGE', message: { text: 'Cakes from 20 €' } }],
        },
      },
    });
    expect(created.status, created.text).toBe(201);
    const flow = (await t.request('POST', `/automations/${created.json.id}/publish`, { key: org.key })).json as Flow;
    const run = await recordRun(org.organizationId, flow, {
      socialAccountId: org.account.id,
      conversationId: conversation.id,
      conversationMessageId: message.id,
      senderExternalId: '4440001',
      status: 'FAILED',
      error: { code: null, message: 'Instagram rejected the message' },
      currentStepId: 'step_1',
      steps: [{ status: 'FAILED', attemptCount: 1, error: { code: null, message: 'Instagram rejected the message' } }],
    });
    const old = await recordRun(org.organizationId, flow, { createdAt: new Date(Date.now() - 31 * 24 * 3600_000) });

    const read = await t.request('GET', `/automation-executions/${run.id}`, { key: org.key });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({
      id: run.id,
      status: 'FAILED',
      error: { code: null, message: 'Instagram rejected the message' },
      senderExternalId: '4440001',
      socialAccount: { id: org.account.id, type: 'INSTAGRAM' },
      conversation: { id: conversation.id, participantDisplayName: 'Mia Chen' },
      conversationMessage: { id: message.id, text: 'How much is the cake?' },
      fetchedComment: null,
      steps: [{ stepId: 'step_1', status: 'FAILED', error: { message: 'Instagram rejected the message' } }],
    });

    expect((await t.request('DELETE', `/automations/${flow.id}`, { key: org.key })).status).toBe(204);
    const afterDelete = await t.request('GET', `/automation-executions/${run.id}`, { key: org.key });
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.json.flow).toMatchObject({ id: flow.id, deleted: true });
    expect((await t.request('GET', `/automations/${flow.id}/executions`, { key: org.key })).status).toBe(404);

    expect((await t.request('GET', `/automation-executions/${old.id}`, { key: org.key })).status).toBe(404);
    const stranger = await automationsOrg(t);
    expect((await stranger.call('GET', `/automation-executions/${run.id}`)).status).toBe(404);
  });
});
