import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { automationsOrg, dmDefinition, recordRun, type RecordedFlow } from './automations-test-kit';

const t = await createTestApp();
const HOUR = 3600_000;

type Org = Awaited<ReturnType<typeof automationsOrg>>;
const twoSteps = (org: Org) =>
  dmDefinition(org.instagram.id, {
    steps: [
      { id: 'only_vip', type: 'CONDITION', conditions: [{ field: 'TEXT', operator: 'CONTAINS', value: 'vip' }] },
      { id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Welcome' } },
    ],
  });

async function publishedFlow(org: Org, definition?: unknown) {
  const created = await org.create(definition ? { definition } : {});
  expect(created.status, created.text).toBe(201);
  const published = await org.publish(created.json.id);
  expect(published.status, published.text).toBe(200);
  return published.json as RecordedFlow;
}

describe('automation run figures', { timeout: 120_000 }, () => {
  it('lists each flow with its runs this month and its last run, test and canceled runs left out', async () => {
    const org = await automationsOrg(t);
    const busy = await publishedFlow(org);
    const quiet = await publishedFlow(org);
    const now = Date.now();
    const monthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
    // Inside this month even on the 1st just after midnight.
    const thisMonth = (ms: number) => new Date(Math.max(monthStart + 1000, now - ms));
    await recordRun(t, org.organizationId, busy, { createdAt: thisMonth(3 * HOUR) });
    await recordRun(t, org.organizationId, busy, { createdAt: thisMonth(2 * HOUR), status: 'FAILED' });
    const newest = await recordRun(t, org.organizationId, busy, { createdAt: thisMonth(HOUR), status: 'SKIPPED' });
    await recordRun(t, org.organizationId, busy, { createdAt: new Date(monthStart - HOUR) });
    await recordRun(t, org.organizationId, busy, { status: 'CANCELED' });
    await recordRun(t, org.organizationId, busy, { input: { type: 'MANUAL_TEST', platform: 'INSTAGRAM' } });

    const list = await org.list('&limit=50');
    expect(list.status, list.text).toBe(200);
    const byId = new Map(list.json.items.map((flow: { id: string; runStats: unknown }) => [flow.id, flow.runStats]));
    expect(byId.get(busy.id)).toMatchObject({ runsThisMonth: 3, lastRunAt: newest.createdAt.toISOString() });
    expect(byId.get(quiet.id)).toEqual({ runsThisMonth: 0, lastRunAt: null });
    // The same figures on one flow, and the spec's fields are all still there.
    const one = await org.get(busy.id);
    expect(one.json).toMatchObject({ id: busy.id, status: 'ACTIVE', publishedVersion: { id: busy.publishedVersion.id }, runStats: { runsThisMonth: 3 } });

    const stranger = await automationsOrg(t);
    expect((await stranger.call('GET', `/automations/${busy.id}`)).status).toBe(404);
  });

  it('counts per node of the live version how many runs reached it, completed, were skipped or failed over a period', async () => {
    const org = await automationsOrg(t);
    const flow = await publishedFlow(org, twoSteps(org));
    const run = (hoursAgo: number, status: 'COMPLETED' | 'SKIPPED' | 'FAILED', steps: { stepId: string; status: 'COMPLETED' | 'SKIPPED' | 'FAILED' }[]) =>
      recordRun(t, org.organizationId, flow, { createdAt: new Date(Date.now() - hoursAgo * HOUR), status, steps });
    await run(1, 'COMPLETED', [
      { stepId: 'only_vip', status: 'COMPLETED' },
      { stepId: 'answer', status: 'COMPLETED' },
    ]);
    await run(2, 'SKIPPED', [{ stepId: 'only_vip', status: 'SKIPPED' }]);
    await run(3, 'FAILED', [
      { stepId: 'only_vip', status: 'COMPLETED' },
      { stepId: 'answer', status: 'FAILED' },
    ]);
    await run(48, 'COMPLETED', [
      { stepId: 'only_vip', status: 'COMPLETED' },
      { stepId: 'answer', status: 'COMPLETED' },
    ]);
    await run(24 * 40, 'COMPLETED', [{ stepId: 'only_vip', status: 'COMPLETED' }]);
    await recordRun(t, org.organizationId, flow, {
      input: { type: 'MANUAL_TEST', platform: 'INSTAGRAM' },
      steps: [{ stepId: 'only_vip', status: 'COMPLETED' }],
    });
    const stats = (query = '') => org.call('GET', `/automations/${flow.id}/node-stats?teamId=${org.teamId}${query}`);

    const lastDay = await stats(`&from=${new Date(Date.now() - 24 * HOUR).toISOString()}`);
    expect(lastDay.status, lastDay.text).toBe(200);
    expect(lastDay.json.flowVersionId).toBe(flow.publishedVersion.id);
    expect(lastDay.json.trigger).toEqual({ reached: 3, completed: 1, skipped: 1, failed: 1 });
    const steps = new Map(lastDay.json.steps.map(({ stepId, ...counts }: { stepId: string }) => [stepId, counts]));
    expect(steps.get('only_vip')).toEqual({ reached: 3, completed: 2, skipped: 1, failed: 0 });
    expect(steps.get('answer')).toEqual({ reached: 2, completed: 1, skipped: 0, failed: 1 });

    // The default period is the last 7 days; runs older than the 30 days kept never count.
    expect((await stats()).json.trigger.reached).toBe(4);
    const wide = await stats(`&from=${new Date(Date.now() - 60 * 24 * HOUR).toISOString()}`);
    expect(wide.json.trigger.reached).toBe(4);
    expect(new Date(wide.json.from).getTime()).toBeGreaterThan(Date.now() - 31 * 24 * HOUR);
    const window = await stats(`&from=${new Date(Date.now() - 50 * HOUR).toISOString()}&to=${new Date(Date.now() - 24 * HOUR).toISOString()}`);
    expect(window.json.trigger).toEqual({ reached: 1, completed: 1, skipped: 0, failed: 0 });

    // A newer publish counts from zero; the older version stays readable by id.
    const republished = await org.publish(flow.id, { definition: twoSteps(org) });
    expect(republished.status, republished.text).toBe(200);
    expect((await stats()).json).toMatchObject({ flowVersionId: republished.json.publishedVersion.id, trigger: { reached: 0 }, steps: [] });
    expect((await stats(`&flowVersionId=${flow.publishedVersion.id}`)).json.trigger.reached).toBe(4);
  });

  it('refuses bad periods, drafts, foreign versions and other tenants with the error envelope; a never-published flow counts nothing', async () => {
    const org = await automationsOrg(t);
    const flow = await publishedFlow(org);
    const other = await publishedFlow(org);
    const draft = (await org.create()).json as { id: string; draftVersion: { id: string } };
    const stats = (id: string, query = '') => org.call('GET', `/automations/${id}/node-stats?${query}`);

    for (const query of [
      'from=yesterday',
      'to=2026-13-01T00:00:00Z',
      'limit=5',
      `from=${new Date().toISOString()}&to=${new Date(Date.now() - HOUR).toISOString()}`,
    ]) {
      const response = await stats(flow.id, query);
      expect(response.status, query).toBe(400);
      expect(response.json.message, query).toEqual(expect.any(String));
    }
    const unpublished = await stats(draft.id);
    expect(unpublished.status, unpublished.text).toBe(200);
    expect(unpublished.json).toMatchObject({ flowVersionId: null, trigger: { reached: 0, completed: 0, skipped: 0, failed: 0 }, steps: [] });
    expect((await stats(draft.id, `flowVersionId=${draft.draftVersion.id}`)).status).toBe(404);
    expect((await stats(flow.id, `flowVersionId=${other.publishedVersion.id}`)).status).toBe(404);
    expect((await stats('nope')).status).toBe(404);

    const stranger = await automationsOrg(t);
    expect((await stranger.call('GET', `/automations/${flow.id}/node-stats`)).status).toBe(404);
    const disabled = await t.createOrg('PRO', ['dms']);
    expect((await t.request('GET', `/automations/${flow.id}/node-stats`, { key: disabled.key })).status).toBe(404);
  });
});
