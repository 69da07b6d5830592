import { sandboxAccount } from '../sandbox/test-helpers';
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
  const facebook = (await sandboxAccount(t, org.key, { teamId: org.teamId, type: 'FACEBOOK', grantMessaging: true, channelName: 'Corner Bakery' })) as { id: string };
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
