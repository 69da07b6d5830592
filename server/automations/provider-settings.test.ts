import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { automationsOrg } from './automations-test-kit';

const t = await createTestApp();

const iceBreakers = [
  { question: 'What are your opening hours?', payload: 'HOURS' },
  { question: 'Do you deliver?', payload: 'DELIVERY' },
];
const menu = {
  items: [
    { type: 'POSTBACK', title: 'Talk to us', payload: 'HUMAN' },
    { type: 'URL', title: 'Menu', url: 'https://example.com/menu' },
  ],
};

async function settingsOrg() {
  const org = await automationsOrg(t);
  const put = (accountId: string, type: string, body: Record<string, unknown>) =>
    org.call('PUT', `/automation-provider-settings/${accountId}/${type}`, { teamId: org.teamId, ...body });
  const saveIceBreakers = (body: Record<string, unknown> = {}) =>
    put(org.instagram.id, 'INSTAGRAM_ICE_BREAKERS', { platform: 'INSTAGRAM', config: { iceBreakers }, ...body });
  const saveMenu = (body: Record<string, unknown> = {}) => put(org.facebook.id, 'FACEBOOK_PERSISTENT_MENU', { platform: 'FACEBOOK', config: menu, ...body });
  const sync = (id: string) => org.call('POST', `/automation-provider-settings/${id}/sync`);
  /** What the sandbox platform shows people in the account's DM screen. */
  const onPlatform = async (accountId: string) =>
    (await org.call('GET', `/sandbox/accounts/${accountId}/messenger-profile`)).json.items as { type: string; config: Record<string, unknown> }[];
  return { ...org, put, saveIceBreakers, saveMenu, sync, onPlatform };
}

describe('provider settings: save', { timeout: 120_000 }, () => {
  it('answers 404 "Not found" while the organization is not enabled for automations', async () => {
    const { key, teamId } = await t.createOrg('PRO', ['dms']);
    for (const [method, path, body] of [
      ['GET', `/automation-provider-settings?teamId=${teamId}`],
      ['PUT', '/automation-provider-settings/acc/INSTAGRAM_ICE_BREAKERS', { teamId, platform: 'INSTAGRAM', config: { iceBreakers } }],
      ['PUT', '/automation-provider-settings/acc/NOT_A_TYPE', {}],
      ['POST', '/automation-provider-settings/abc/sync'],
    ] as const) {
      const response = await t.request(method, path, { key, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json.message).toBe('Not found');
    }
  });

  it('saves ice breakers and a persistent menu as drafts, with the menu’s defaults, without touching the platform', async () => {
    const org = await settingsOrg();
    const saved = await org.saveIceBreakers();
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({
      teamId: org.teamId,
      platform: 'INSTAGRAM',
      socialAccountId: org.instagram.id,
      type: 'INSTAGRAM_ICE_BREAKERS',
      status: 'DRAFT',
      config: { iceBreakers },
      lastSyncedAt: null,
      lastSyncError: null,
      socialAccount: { id: org.instagram.id, type: 'INSTAGRAM', username: org.instagram.username },
    });
    const savedMenu = await org.saveMenu();
    expect(savedMenu.status, savedMenu.text).toBe(200);
    expect(savedMenu.json.config).toEqual({ getStartedPayload: 'GET_STARTED', composerInputDisabled: false, items: menu.items });
    expect(await org.onPlatform(org.instagram.id)).toEqual([]);
    expect(await org.onPlatform(org.facebook.id)).toEqual([]);

    // One setting per account and type: a second save replaces the first.
    const again = await org.saveIceBreakers({ config: { iceBreakers: iceBreakers.slice(0, 1) } });
    expect(again.json.id).toBe(saved.json.id);
    expect(again.json.config.iceBreakers).toHaveLength(1);
  });

  it('refuses what the platforms would not show, with issues and paths', async () => {
    const org = await settingsOrg();
    const five = await org.saveIceBreakers({ config: { iceBreakers: Array.from({ length: 5 }, (_, i) => ({ question: `Q${i}?`, payload: `P${i}` })) } });
    expect(five.status).toBe(400);
    expect(five.json.issues[0]).toMatchObject({ path: ['config', 'iceBreakers'], code: 'too_big' });
    const long = await org.saveIceBreakers({ config: { iceBreakers: [{ question: 'q'.repeat(81), payload: 'P' }] } });
    expect(long.json.issues[0].path).toEqual(['config', 'iceBreakers', 0, 'question']);
    const empty = await org.saveIceBreakers({ config: { iceBreakers: [] } });
    expect(empty.status).toBe(400);
    expect(empty.json.issues[0]).toMatchObject({ path: ['config', 'iceBreakers'], code: 'too_small' });
    const four = await org.saveMenu({ config: { items: Array.from({ length: 4 }, (_, i) => ({ type: 'POSTBACK', title: `T${i}`, payload: `P${i}` })) } });
    expect(four.json.issues[0]).toMatchObject({ path: ['config', 'items'], code: 'too_big' });
    const http = await org.saveMenu({ config: { items: [{ type: 'URL', title: 'Site', url: 'http://example.com' }] } });
    expect(http.json.issues[0].path).toEqual(['config', 'items', 0, 'url']);
    const wrongPlatform = await org.put(org.instagram.id, 'INSTAGRAM_ICE_BREAKERS', { platform: 'FACEBOOK', config: menu });
    expect(wrongPlatform.status).toBe(400);
    expect(wrongPlatform.json.issues).toEqual([expect.objectContaining({ path: ['platform'] })]);
    const wrongAccount = await org.put(org.instagram.id, 'FACEBOOK_PERSISTENT_MENU', { platform: 'FACEBOOK', config: menu });
    expect(wrongAccount.status).toBe(400);
    expect(wrongAccount.json.message).toBe(`Social account ${org.instagram.id} is on INSTAGRAM: FACEBOOK_PERSISTENT_MENU needs an account on FACEBOOK`);
    expect((await org.put(org.instagram.id, 'WHATSAPP_MENU', { platform: 'INSTAGRAM', config: { iceBreakers } })).status).toBe(400);
    expect((await org.put('nope', 'INSTAGRAM_ICE_BREAKERS', { platform: 'INSTAGRAM', config: { iceBreakers } })).status).toBe(404);
    const otherTeam = await org.call('POST', '/team', { name: 'Other' });
    expect(
      (await org.put(org.instagram.id, 'INSTAGRAM_ICE_BREAKERS', { teamId: otherTeam.json.id, platform: 'INSTAGRAM', config: { iceBreakers } })).status,
    ).toBe(404);
    // A disabled setting may be empty: it is about to be removed.
    expect((await org.saveIceBreakers({ config: { iceBreakers: [] }, status: 'DISABLED' })).json.status).toBe('DISABLED');
  });

  it('lists most recently updated first, with filters', async () => {
    const org = await settingsOrg();
    const ice = (await org.saveIceBreakers()).json;
    const fb = (await org.saveMenu({ status: 'DISABLED' })).json;
    const list = (query = '') => org.call('GET', `/automation-provider-settings?teamId=${org.teamId}${query}`);
    expect((await list()).json.items.map((item: { id: string }) => item.id)).toEqual([fb.id, ice.id]);
    await org.saveIceBreakers();
    expect((await list()).json).toMatchObject({ total: 2, items: [{ id: ice.id }, { id: fb.id }] });
    expect((await list('&type=FACEBOOK_PERSISTENT_MENU')).json.items.map((item: { id: string }) => item.id)).toEqual([fb.id]);
    expect((await list('&status=DISABLED')).json.items.map((item: { id: string }) => item.id)).toEqual([fb.id]);
    expect((await list('&platform=INSTAGRAM')).json.items.map((item: { id: string }) => item.id)).toEqual([ice.id]);
    expect((await list(`&socialAccountId=${org.facebook.id}`)).json.total).toBe(1);
    expect((await list('&limit=1&offset=1')).json).toMatchObject({ total: 2, items: [{ id: fb.id }] });
    expect((await org.call('GET', '/automation-provider-settings?teamId=nope')).status).toBe(404);
  });
});

describe('provider settings: sync', { timeout: 120_000 }, () => {
  it('pushes the saved setting (SYNCED); a later save changes nothing on the platform until the next sync', async () => {
    const org = await settingsOrg();
    const saved = (await org.saveIceBreakers()).json;
    const synced = await org.sync(saved.id);
    expect(synced.status, synced.text).toBe(200);
    expect(synced.json).toMatchObject({ status: 'SYNCED', lastSyncError: null });
    expect(synced.json.lastSyncedAt).toEqual(expect.any(String));
    expect(await org.onPlatform(org.instagram.id)).toEqual([expect.objectContaining({ type: 'INSTAGRAM_ICE_BREAKERS', config: { iceBreakers } })]);

    const edited = await org.saveIceBreakers({ config: { iceBreakers: [{ question: 'Any vegan options?', payload: 'VEGAN' }] } });
    expect(edited.json.status).toBe('DRAFT');
    expect((await org.onPlatform(org.instagram.id))[0]!.config).toEqual({ iceBreakers });
    await org.sync(saved.id);
    expect((await org.onPlatform(org.instagram.id))[0]!.config).toEqual({ iceBreakers: [{ question: 'Any vegan options?', payload: 'VEGAN' }] });

    const fb = (await org.saveMenu({ config: { ...menu, getStartedPayload: 'HELLO', composerInputDisabled: true } })).json;
    expect((await org.sync(fb.id)).json.status).toBe('SYNCED');
    expect(await org.onPlatform(org.facebook.id)).toEqual([
      expect.objectContaining({ type: 'FACEBOOK_PERSISTENT_MENU', config: { getStartedPayload: 'HELLO', composerInputDisabled: true, items: menu.items } }),
    ]);
  });

  it('answers the platform’s refusal as an error and keeps the previous status and what the platform shows', async () => {
    const org = await settingsOrg();
    const saved = (await org.saveIceBreakers()).json;
    await org.sync(saved.id);
    await org.saveIceBreakers({ config: { iceBreakers: [{ question: 'New?', payload: 'NEW' }] } });
    const fault = await org.call('POST', '/sandbox/faults', {
      type: 'INSTAGRAM',
      operation: 'providerSettings.push',
      kind: 'PERMANENT',
      count: 1,
      message: 'Invalid ice breaker payload',
    });
    expect(fault.status, fault.text).toBe(200);
    const refused = await org.sync(saved.id);
    expect(refused.status).toBe(502);
    expect(refused.json).toEqual({ statusCode: 502, message: 'Instagram rejected the ice breakers: Invalid ice breaker payload' });
    const after = (await org.call('GET', `/automation-provider-settings?teamId=${org.teamId}`)).json.items[0];
    expect(after).toMatchObject({ status: 'DRAFT', lastSyncError: null });
    expect((await org.onPlatform(org.instagram.id))[0]!.config).toEqual({ iceBreakers });

    await org.call('POST', '/sandbox/faults', { type: 'INSTAGRAM', operation: 'providerSettings.push', kind: 'RATE_LIMITED', count: 1, retryAfterSeconds: 30 });
    const limited = await org.sync(saved.id);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect((await org.sync(saved.id)).json.status).toBe('SYNCED');
  });

  it('records SYNC_FAILED with the reason when nothing can be pushed (the access was removed)', async () => {
    const org = await settingsOrg();
    const saved = (await org.saveMenu()).json;
    expect((await org.call('POST', `/sandbox/accounts/${org.facebook.id}/revoke-access`)).status).toBe(200);
    const failed = await org.sync(saved.id);
    expect(failed.status, failed.text).toBe(200);
    expect(failed.json).toMatchObject({ status: 'SYNC_FAILED', lastSyncedAt: null, lastSyncError: { message: "The Facebook user removed the app's access" } });
    expect(await org.onPlatform(org.facebook.id)).toEqual([]);
  });

  it('removes a DISABLED setting from the platform on sync (the menu with its Get Started button)', async () => {
    const org = await settingsOrg();
    const saved = (await org.saveMenu()).json;
    await org.sync(saved.id);
    expect(await org.onPlatform(org.facebook.id)).toHaveLength(1);
    const disabled = await org.saveMenu({ status: 'DISABLED' });
    expect(disabled.json.status).toBe('DISABLED');
    // Saving alone never changes the platform.
    expect(await org.onPlatform(org.facebook.id)).toHaveLength(1);
    const removed = await org.sync(saved.id);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toMatchObject({ status: 'DISABLED', lastSyncError: null });
    expect(removed.json.lastSyncedAt).toEqual(expect.any(String));
    expect(await org.onPlatform(org.facebook.id)).toEqual([]);
    // Removing what is not there is fine.
    expect((await org.sync(saved.id)).status).toBe(200);
  });

  it("answers 404 for another organization's setting", async () => {
    const mine = await settingsOrg();
    const theirs = await settingsOrg();
    const saved = (await theirs.saveIceBreakers()).json;
    expect((await mine.sync(saved.id)).status).toBe(404);
    expect((await mine.put(theirs.instagram.id, 'INSTAGRAM_ICE_BREAKERS', { platform: 'INSTAGRAM', config: { iceBreakers } })).status).toBe(404);
    expect((await theirs.sync(saved.id)).json.status).toBe('SYNCED');
  });
});
