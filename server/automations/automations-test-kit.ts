import { automationExecutions, automationExecutionSteps } from '../db/schema/automations';
import { sandboxAccount } from '../sandbox-platform/test-helpers';
import type { createTestApp } from '../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A DM flow definition on an account: one keyword, one answer. */
export function dmDefinition(socialAccountId: string, overrides: { trigger?: Record<string, unknown>; steps?: unknown[] } = {}) {
  return {
    trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId, keywords: ['price'], ...overrides.trigger },
    steps: overrides.steps ?? [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Prices: https://example.com/prices' } }],
  };
}

/**
 * An organization with DMs and automations on, an Instagram account and a Facebook page, both
 * with messaging permissions, and short calls for the flow routes.
 */
export async function automationsOrg(t: TestApp, plan: 'FREE' | 'PRO' | 'BUSINESS' = 'PRO') {
  const org = await t.createOrg(plan, ['dms', 'automations']);
  const instagram = (await sandboxAccount(t, org.key, { teamId: org.teamId, type: 'INSTAGRAM', grantMessaging: true })) as { id: string; username: string };
  const facebook = (await sandboxAccount(t, org.key, { teamId: org.teamId, type: 'FACEBOOK', grantMessaging: true, channelName: 'Corner Bakery' })) as {
    id: string;
  };
  const call = (method: string, path: string, body?: unknown) => t.request(method, path, { key: org.key, body });
  const create = (body: Record<string, unknown> = {}) =>
    call('POST', '/automations', { teamId: org.teamId, name: 'Price questions', platformScope: 'INSTAGRAM', definition: dmDefinition(instagram.id), ...body });
  return {
    ...org,
    instagram,
    facebook,
    call,
    create,
    get: (id: string) => call('GET', `/automations/${id}`),
    patch: (id: string, body: Record<string, unknown>) => call('PATCH', `/automations/${id}`, body),
    publish: (id: string, body?: Record<string, unknown>) => call('POST', `/automations/${id}/publish`, body),
    act: (id: string, action: 'pause' | 'activate' | 'archive') => call('POST', `/automations/${id}/${action}`),
    list: (query = '') => call('GET', `/automations?teamId=${org.teamId}${query}`),
  };
}

export type RecordedFlow = { id: string; teamId: string; publishedVersion: { id: string } };
export type RecordedRun = Partial<typeof automationExecutions.$inferInsert> & { steps?: Partial<typeof automationExecutionSteps.$inferInsert>[] };

/**
 * Writes a run as the executor does, with its steps (`step_<n>` unless named): for tests about
 * reading runs back through the API, which need runs at chosen times and with chosen outcomes.
 */
export async function recordRun(t: TestApp, organizationId: string, flow: RecordedFlow, run: RecordedRun = {}) {
  const { steps = [], ...values } = run;
  const createdAt = values.createdAt ?? new Date();
  const [row] = await t.services.db
    .insert(automationExecutions)
    .values({
      organizationId,
      teamId: flow.teamId,
      flowId: flow.id,
      flowVersionId: flow.publishedVersion.id,
      triggerId: `event-${Math.random().toString(36).slice(2)}`,
      platform: 'INSTAGRAM',
      status: 'COMPLETED',
      input: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', text: 'price?' },
      receivedAt: createdAt,
      scheduledAt: createdAt,
      createdAt,
      ...values,
    })
    .returning();
  for (const [position, step] of steps.entries()) {
    await t.services.db
      .insert(automationExecutionSteps)
      .values({ executionId: row!.id, stepId: `step_${position + 1}`, position, type: 'SEND_MESSAGE', ...step });
  }
  return row!;
}
