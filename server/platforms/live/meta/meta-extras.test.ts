import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { connectThroughConsent } from '../test-kit/live-app';
import { clickConsent, META_APPS, received, startMetaStandIn } from './meta-test-kit';

/**
 * Instagram audio and Facebook token inspection of live accounts (decision 088), through the
 * product's API against the Graph stand-in, which checks `ig_audio` (User token, Facebook Login,
 * the linked Instagram account, its scopes) and `debug_token` (the app token) as Meta documents them.
 */
const PUBLIC_URL = 'https://desk.example';
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
afterAll(() => meta.close());
const t = await createTestApp({ env: { LIVE_PLATFORMS: 'FACEBOOK,INSTAGRAM', PUBLIC_URL, ...meta.env } });
beforeEach(() => meta.reset());

const BAKERY_PAGE = '104000000000001';
const BAKERY_INSTAGRAM = '17841400000000001';

async function connected(type: 'FACEBOOK' | 'INSTAGRAM', channel: string, body: Record<string, unknown> = {}) {
  const org = await t.createOrg('PRO');
  await connectThroughConsent(t, org.key, org.teamId, type, { body, approve: (url) => clickConsent(url) });
  const selected = await t.request('POST', '/social-account/set-channel', { key: org.key, body: { teamId: org.teamId, type, channelId: channel } });
  expect(selected.status, selected.text).toBe(200);
  return org;
}

describe('live Meta extras', { timeout: 60_000 }, () => {
  it('searches the Instagram audio library with the User token for the linked account', async () => {
    const { key, teamId } = await connected('INSTAGRAM', BAKERY_INSTAGRAM, { instagramConnectionMethod: 'FACEBOOK' });
    const music = await t.request('GET', `/misc/instagram/audio?teamId=${teamId}&audioType=music&searchQuery=coffee`, { key });
    expect(music.status, music.text).toBe(200);
    expect(music.json.audio).toEqual([expect.objectContaining({ audio_type: 'music', title: 'Coffee Shop Jazz', display_artist: 'Blue Cup Trio' })]);
    const [call] = received(meta.hosts.facebookGraph, '/ig_audio');
    const query = call!.query;
    expect(Object.fromEntries(query)).toMatchObject({ audio_type: 'music', user_id: BAKERY_INSTAGRAM, search_query: 'coffee' });
    // The person's User token, not the Page's.
    expect(meta.world.token(query.get('access_token')!)).toMatchObject({ kind: 'long' });

    const sounds = await t.request('GET', `/misc/instagram/audio?teamId=${teamId}&audioType=original_sound`, { key });
    expect(sounds.json.audio).toContainEqual(expect.objectContaining({ audio_type: 'original_sound', ig_username: 'lovelace.bakery' }));
  });

  it("describes the Facebook account's token, and a revoked one as invalid", async () => {
    const { key, teamId } = await connected('FACEBOOK', BAKERY_PAGE);
    const debug = await t.request('GET', `/misc/facebook/token-debug?teamId=${teamId}`, { key });
    expect(debug.status, debug.text).toBe(200);
    expect(debug.json).toMatchObject({ type: 'USER', application: 'SocialDesk', is_valid: true, issued_at: expect.any(Number) });
    expect(debug.json.scopes).toEqual(expect.arrayContaining(['pages_manage_posts']));
    expect(debug.json.granular_scopes).toContainEqual({ scope: 'pages_manage_posts', target_ids: expect.arrayContaining([BAKERY_PAGE]) });
    const [call] = received(meta.hosts.facebookGraph, '/debug_token');
    expect(call!.query.get('access_token')).toBe(`${META_APPS.facebook.id}|${META_APPS.facebook.secret}`);

    meta.world.revoke('facebook', 458);
    const revoked = await t.request('GET', `/misc/facebook/token-debug?teamId=${teamId}`, { key });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json).toMatchObject({ is_valid: false, error: { code: 190, subcode: 458 } });
  });
});
