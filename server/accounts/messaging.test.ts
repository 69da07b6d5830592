import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEvents } from '../db/schema/events';
import { sandboxAccount } from '../sandbox-platform/test-helpers';
import { createTestApp } from '../test/test-app';

const t = await createTestApp();

const enable = (key: string, teamId: string, type = 'INSTAGRAM') => t.request('POST', '/social-account/messaging/enable', { key, body: { teamId, type } });
const disable = (key: string, teamId: string, type = 'INSTAGRAM') => t.request('POST', '/social-account/messaging/disable', { key, body: { teamId, type } });

describe('messaging enable and disable', () => {
  it('answers 404 Not found while the organization is not enabled for DMs', async () => {
    const { key, teamId } = await t.createOrg();
    await sandboxAccount(t, key, { teamId, type: 'INSTAGRAM', grantMessaging: true });
    for (const call of [enable, disable]) {
      const response = await call(key, teamId);
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ statusCode: 404, message: 'Not found' });
    }
  });

  it('enables (idempotently) and disables an account with messaging permissions', async () => {
    const { key, teamId, organizationId } = await t.createOrg('PRO', ['dms']);
    const account = await sandboxAccount(t, key, { teamId, type: 'INSTAGRAM', grantMessaging: true });
    expect(account.permissions).toContain('messaging');

    const first = await enable(key, teamId);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ socialAccountId: account.id, type: 'INSTAGRAM', messagingStatus: 'ENABLED', messagingLastError: null });
    const second = await enable(key, teamId);
    expect(second.json).toEqual(first.json);
    expect((await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=INSTAGRAM`, { key })).json.messagingStatus).toBe('ENABLED');

    const off = await disable(key, teamId);
    expect(off.status).toBe(200);
    expect(off.json.messagingStatus).toBe('DISABLED');
    const offAgain = await disable(key, teamId);
    expect(offAgain.json.messagingStatus).toBe('DISABLED');

    const events = await t.services.db.select().from(outboxEvents).where(eq(outboxEvents.organizationId, organizationId)).orderBy(outboxEvents.seq);
    const statuses = events
      .filter((event) => event.type === 'social-account.updated')
      .map((event) => (event.data as { messagingStatus: string }).messagingStatus);
    expect(statuses).toEqual(['ENABLED', 'DISABLE_PENDING', 'DISABLED']);
  });

  it('answers 400 without an account, without messaging permissions, or without a selected page', async () => {
    const { key, teamId } = await t.createOrg('PRO', ['dms']);
    const none = await enable(key, teamId);
    expect(none.status).toBe(400);
    expect(none.json.message).toMatch(/no Instagram account/);

    await sandboxAccount(t, key, { teamId, type: 'INSTAGRAM' });
    const noPermission = await enable(key, teamId);
    expect(noPermission.status).toBe(400);
    expect(noPermission.json.message).toMatch(/lacks messaging permissions: reconnect/);

    await sandboxAccount(t, key, { teamId, type: 'FACEBOOK', grantMessaging: true });
    const noPage = await enable(key, teamId, 'FACEBOOK');
    expect(noPage.status).toBe(400);
    expect(noPage.json.message).toMatch(/No page is selected/);

    const tiktok = await enable(key, teamId, 'TIKTOK');
    expect(tiktok.status).toBe(400);
    expect(tiktok.json.issues[0]).toMatchObject({ code: 'invalid_enum_value', path: ['type'] });
  });

  it('keeps the previous status and answers 502 when the platform refuses', async () => {
    const { key, teamId } = await t.createOrg('PRO', ['dms']);
    const account = await sandboxAccount(t, key, { teamId, type: 'FACEBOOK', grantMessaging: true, channelName: 'Harbour Books' });
    const fault = await t.request('POST', '/sandbox/faults', {
      key,
      body: { type: 'FACEBOOK', socialAccountId: account.id, operation: 'messaging.subscribe', kind: 'PERMANENT', count: 1, message: 'Page is restricted' },
    });
    expect(fault.status).toBe(200);
    const refused = await enable(key, teamId, 'FACEBOOK');
    expect(refused.status).toBe(502);
    expect(refused.json.message).toMatch(/refused the messaging subscription: Page is restricted/);
    const after = await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=FACEBOOK`, { key });
    expect(after.json).toMatchObject({ messagingStatus: 'DISABLED', messagingLastError: 'Page is restricted' });

    // The fault was for one call: the retry goes through and clears the error.
    const retried = await enable(key, teamId, 'FACEBOOK');
    expect(retried.json).toMatchObject({ messagingStatus: 'ENABLED', messagingLastError: null });
  });

  it('leaves DISABLE_PENDING with 502 when the platform does not confirm, and a retry finishes', async () => {
    const { key, teamId } = await t.createOrg('PRO', ['dms']);
    const account = await sandboxAccount(t, key, { teamId, type: 'INSTAGRAM', grantMessaging: true });
    await enable(key, teamId);
    const fault = await t.request('POST', '/sandbox/faults', {
      key,
      body: { type: 'INSTAGRAM', socialAccountId: account.id, operation: 'messaging.unsubscribe', kind: 'TRANSIENT' },
    });
    const pending = await disable(key, teamId);
    expect(pending.status).toBe(502);
    expect(pending.json.message).toMatch(/DISABLE_PENDING/);
    expect((await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=INSTAGRAM`, { key })).json.messagingStatus).toBe('DISABLE_PENDING');
    expect((await disable(key, teamId)).status).toBe(502);

    await t.request('DELETE', `/sandbox/faults/${fault.json.id}`, { key });
    const done = await disable(key, teamId);
    expect(done.json).toMatchObject({ messagingStatus: 'DISABLED', messagingLastError: null });
  });

  it('answers 502 when the platform rate-limits the subscription', async () => {
    const { key, teamId } = await t.createOrg('PRO', ['dms']);
    await sandboxAccount(t, key, { teamId, type: 'INSTAGRAM', grantMessaging: true });
    await t.request('POST', '/sandbox/faults', { key, body: { type: 'INSTAGRAM', kind: 'RATE_LIMITED', retryAfterSeconds: 120, count: 1 } });
    const limited = await enable(key, teamId);
    expect(limited.status).toBe(502);
    expect((await enable(key, teamId)).json.messagingStatus).toBe('ENABLED');
  });
});
