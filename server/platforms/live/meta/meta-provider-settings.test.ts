import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { connectThroughConsent } from '../test-kit/live-app';
import { clickConsent, received, startMetaStandIn, type ConsentChoice } from './meta-test-kit';

/**
 * Ice breakers and the persistent menu of live accounts (decision 076): saved and synced through the
 * product's automation-provider-settings API, pushed with the Messenger Profile API to the Graph
 * API stand-in, which keeps the profile and refuses what Meta's reference refuses.
 */
const PUBLIC_URL = 'https://desk.example';
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
afterAll(() => meta.close());
const t = await createTestApp({ env: { LIVE_PLATFORMS: 'FACEBOOK,INSTAGRAM', PUBLIC_URL, ...meta.env } });
beforeEach(() => meta.reset());

const BAKERY_PAGE = '104000000000001';
const BAKERY_INSTAGRAM = '17841400000000001';
const iceBreakers = [
  { question: 'What are your opening hours?', payload: 'HOURS' },
  { question: 'Do you deliver?', payload: 'DELIVERY' },
];

async function connected(type: 'FACEBOOK' | 'INSTAGRAM', options: { body?: Record<string, unknown>; choice?: ConsentChoice; channel?: string } = {}) {
  const org = await t.createOrg('PRO', ['dms', 'automations']);
  const { accountId } = await connectThroughConsent(t, org.key, org.teamId, type, {
    body: { withMessagingScope: true, ...options.body },
    approve: (url) => clickConsent(url, options.choice),
  });
  if (options.channel) {
    const selected = await t.request('POST', '/social-account/set-channel', { key: org.key, body: { teamId: org.teamId, type, channelId: options.channel } });
    expect(selected.status, selected.text).toBe(200);
  }
  const call = (method: string, path: string, body?: unknown) => t.request(method, path, { key: org.key, body });
  const save = (kind: string, body: Record<string, unknown>) =>
    call('PUT', `/automation-provider-settings/${accountId}/${kind}`, { teamId: org.teamId, platform: type, ...body });
  const sync = (id: string) => call('POST', `/automation-provider-settings/${id}/sync`);
  return { ...org, accountId, save, sync };
}

describe('Instagram ice breakers', { timeout: 60_000 }, () => {
  it('through Facebook Login: pushed to the linked account with the Page token, replaced, and removed', async () => {
    const org = await connected('INSTAGRAM', { body: { instagramConnectionMethod: 'FACEBOOK' }, channel: BAKERY_INSTAGRAM });
    const saved = await org.save('INSTAGRAM_ICE_BREAKERS', { config: { iceBreakers } });
    expect(saved.status, saved.text).toBe(200);
    const synced = await org.sync(saved.json.id);
    expect(synced.status, synced.text).toBe(200);
    expect(synced.json).toMatchObject({ status: 'SYNCED', lastSyncError: null });

    const profile = () => meta.world.engagement.messengerProfiles.get(`instagram:${BAKERY_INSTAGRAM}`) ?? {};
    expect(profile().ice_breakers).toEqual([{ locale: 'default', call_to_actions: iceBreakers }]);
    const [push] = received(meta.hosts.facebookGraph, '/me/messenger_profile');
    expect(push!.method).toBe('POST');
    expect(push!.query.get('platform')).toBe('instagram');
    expect(push!.headers.get('content-type')).toContain('application/json');
    expect(push!.query.get('access_token')).toBe(meta.world.issued({ product: 'facebook', kind: 'page', page: BAKERY_PAGE })[0]!.value);

    // A new save replaces the questions as a whole on the next sync.
    const one = [{ question: 'Any vegan options?', payload: 'VEGAN' }];
    await org.save('INSTAGRAM_ICE_BREAKERS', { config: { iceBreakers: one } });
    expect((await org.sync(saved.json.id)).json.status).toBe('SYNCED');
    expect(profile().ice_breakers).toEqual([{ locale: 'default', call_to_actions: one }]);

    // Disabled, then synced: removed from the account's DM screen.
    await org.save('INSTAGRAM_ICE_BREAKERS', { config: { iceBreakers: one }, status: 'DISABLED' });
    const removed = await org.sync(saved.json.id);
    expect(removed.json, removed.text).toMatchObject({ status: 'DISABLED', lastSyncError: null });
    expect(profile().ice_breakers).toBeUndefined();
    const deletion = received(meta.hosts.facebookGraph, '/me/messenger_profile').at(-1)!;
    expect(deletion.method).toBe('DELETE');
    expect(JSON.parse(deletion.text)).toMatchObject({ fields: ['ice_breakers'], platform: 'instagram' });
  });

  it('through Instagram Login: pushed on graph.instagram.com with the account’s token', async () => {
    const org = await connected('INSTAGRAM', { body: { instagramConnectionMethod: 'INSTAGRAM' } });
    const saved = await org.save('INSTAGRAM_ICE_BREAKERS', { config: { iceBreakers } });
    expect((await org.sync(saved.json.id)).json).toMatchObject({ status: 'SYNCED' });
    const own = meta.world.instagramAccounts[0]!.userId;
    expect(meta.world.engagement.messengerProfiles.get(`instagram:${own}`)?.ice_breakers).toEqual([{ locale: 'default', call_to_actions: iceBreakers }]);
    expect(received(meta.hosts.instagramGraph, '/me/messenger_profile')).toHaveLength(1);
    expect(received(meta.hosts.facebookGraph, '/me/messenger_profile')).toHaveLength(0);
  });

  it('answers Meta’s refusal with its words and keeps the previous status; a token without messaging records why', async () => {
    const org = await connected('INSTAGRAM', { body: { instagramConnectionMethod: 'FACEBOOK' }, channel: BAKERY_INSTAGRAM });
    const saved = await org.save('INSTAGRAM_ICE_BREAKERS', { config: { iceBreakers } });
    meta.world.failNext('facebook', {
      status: 400,
      body: {
        error: {
          message: '(#100) Param ice_breakers[0][call_to_actions] must have at most 4 elements',
          type: 'OAuthException',
          code: 100,
          fbtrace_id: 'Atrace',
        },
      },
    });
    const refused = await org.sync(saved.json.id);
    expect(refused.status).toBe(502);
    expect(refused.json.message).toContain('Instagram rejected the ice breakers');
    expect(refused.json.message).toContain('at most 4 elements');
    expect((await t.request('GET', `/automation-provider-settings?teamId=${org.teamId}`, { key: org.key })).json.items[0].status).toBe('DRAFT');

    // Meta itself refuses a token that lost `instagram_manage_messages` (code 10): the sync records it.
    meta.world.issued({ product: 'facebook', kind: 'page', page: BAKERY_PAGE })[0]!.scopes = ['instagram_basic'];
    const failed = await org.sync(saved.json.id);
    expect(failed.json).toMatchObject({ status: 'SYNC_FAILED' });
    expect(failed.json.lastSyncError.message).toContain('instagram_manage_messages');
  });
});

describe('Facebook persistent menu', { timeout: 60_000 }, () => {
  it('sends the menu with its Get Started button, and removes both', async () => {
    const org = await connected('FACEBOOK', { channel: BAKERY_PAGE });
    const items = [
      { type: 'POSTBACK', title: 'Talk to us', payload: 'HUMAN' },
      { type: 'URL', title: 'Menu', url: 'https://example.com/menu' },
    ];
    const saved = await org.save('FACEBOOK_PERSISTENT_MENU', { config: { items, getStartedPayload: 'HELLO', composerInputDisabled: true } });
    expect(saved.status, saved.text).toBe(200);
    expect((await org.sync(saved.json.id)).json).toMatchObject({ status: 'SYNCED' });
    const profile = () => meta.world.engagement.messengerProfiles.get(`messenger:${BAKERY_PAGE}`) ?? {};
    expect(profile()).toEqual({
      get_started: { payload: 'HELLO' },
      persistent_menu: [
        {
          locale: 'default',
          composer_input_disabled: true,
          call_to_actions: [
            { type: 'postback', title: 'Talk to us', payload: 'HUMAN' },
            { type: 'web_url', title: 'Menu', url: 'https://example.com/menu', webview_height_ratio: 'full' },
          ],
        },
      ],
    });
    // The Page's own profile: no `platform=instagram`.
    expect(received(meta.hosts.facebookGraph, '/me/messenger_profile')[0]!.query.get('platform')).toBeNull();

    await org.save('FACEBOOK_PERSISTENT_MENU', { config: { items }, status: 'DISABLED' });
    expect((await org.sync(saved.json.id)).json).toMatchObject({ status: 'DISABLED' });
    expect(profile()).toEqual({});
  });
});
