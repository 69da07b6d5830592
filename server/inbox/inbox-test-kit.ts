import { expect } from 'vitest';
import { waitFor } from '../comments/comments-test-kit';
import { sandboxAccount } from '../sandbox-platform/test-helpers';
import type { createTestApp } from '../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An organization with DMs on, one Instagram or Facebook account with messaging enabled. */
export async function inboxOrg(t: TestApp, type: 'INSTAGRAM' | 'FACEBOOK' = 'INSTAGRAM', plan: 'FREE' | 'PRO' | 'BUSINESS' = 'PRO') {
  const org = await t.createOrg(plan, ['dms']);
  const account = await sandboxAccount(t, org.key, {
    teamId: org.teamId,
    type,
    grantMessaging: true,
    channelName: type === 'FACEBOOK' ? 'Corner Bakery' : undefined,
  });
  const enabled = await t.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId: org.teamId, type } });
  expect(enabled.status, enabled.text).toBe(200);
  const emit = async (path: string, body: Record<string, unknown>) => {
    const response = await t.request('POST', `/sandbox/inbound/${path}`, { key: org.key, body: { socialAccountId: account.id, ...body } });
    expect(response.status, response.text).toBe(200);
    return response.json.items[0] as { id: string; payload: Record<string, unknown> & { messageId: string } };
  };
  const conversations = (query = '') => t.request('GET', `/conversations?teamId=${org.teamId}${query}`, { key: org.key });
  /** Emits and waits until the inbox consumed the event. */
  const deliver = async (path: string, body: Record<string, unknown>) => {
    const event = await emit(path, body);
    await waitFor(
      () => t.request('GET', `/sandbox/inbound-events?socialAccountId=${account.id}&limit=50`, { key: org.key }),
      (response) => response.json.items.some((item: { id: string; status: string }) => item.id === event.id && item.status === 'PROCESSED'),
      60,
    );
    return event;
  };
  /** A person writes; answers their conversation. */
  const dm = async (body: Record<string, unknown>) => {
    await deliver('message', body);
    const list = await conversations(`&q=${encodeURIComponent(String(body.senderName ?? ''))}`);
    return list.json.items[0] as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const thread = async (id: string, query = '') => (await t.request('GET', `/conversations/${id}/messages?limit=100${query}`, { key: org.key })).json;
  return { ...org, account, emit, deliver, dm, conversations, thread };
}
