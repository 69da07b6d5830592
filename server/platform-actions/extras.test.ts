import { describe, expect, it } from 'vitest';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount, uploadMedia } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { items, publish } from './platform-actions-test-kit';

// Instagram audio, Facebook token inspection, LinkedIn reshares and the mentions builder, on
// sandbox accounts (their world: published Reels, issued grants, published LinkedIn posts).
const t = await createTestApp({ work: true, workOnly: postJobs, env: { SEED_DEMO: 'false' } });
const get = (path: string, key: string) => t.request('GET', path, { key });

describe('platform extras on sandbox accounts', { timeout: 120_000 }, () => {
  it('searches Instagram music and the original sounds of Reels in the world', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'INSTAGRAM', { instagramConnectionMethod: 'FACEBOOK', channelName: 'Studio North' });
    const trending = await get(`/misc/instagram/audio?teamId=${teamId}&audioType=music`, key);
    expect(trending.status, trending.text).toBe(200);
    expect(trending.json.audio.length).toBeGreaterThan(0);
    expect(trending.json.audio[0]).toMatchObject({
      audio_id: expect.stringMatching(/^\d+$/),
      audio_type: 'music',
      title: expect.any(String),
      display_artist: expect.any(String),
    });
    const lofi = await get(`/misc/instagram/audio?teamId=${teamId}&audioType=music&searchQuery=LO-FI`, key);
    expect(lofi.json.audio.map((audio: { title: string }) => audio.title)).toEqual(['Lo-fi Study Session']);
    // The same question, the same answer.
    expect((await get(`/misc/instagram/audio?teamId=${teamId}&audioType=music&searchQuery=lo-fi`, key)).json).toEqual(lofi.json);

    expect((await get(`/misc/instagram/audio?teamId=${teamId}&audioType=original_sound`, key)).json).toEqual({ audio: [] });
    const video = await uploadMedia(t, key, 'vertical-3s.mp4');
    await publish(t, key, teamId, 'INSTAGRAM', { type: 'REEL', text: 'Behind the scenes', uploadIds: [video.id] });
    const sounds = await get(`/misc/instagram/audio?teamId=${teamId}&audioType=original_sound`, key);
    expect(sounds.json.audio).toEqual([
      expect.objectContaining({ audio_type: 'original_sound', title: 'Original audio', ig_username: expect.any(String), duration_in_ms: 3000 }),
    ]);
    expect((await get(`/misc/instagram/audio?teamId=${teamId}&audioType=original_sound&searchQuery=nothing-like-it`, key)).json).toEqual({ audio: [] });

    const bad = await get(`/misc/instagram/audio?teamId=${teamId}&audioType=podcast`, key);
    expect(bad.status).toBe(400);
    expect(bad.json.issues[0]).toMatchObject({ code: 'invalid_enum_value', path: ['audioType'] });
  });

  it('refuses Instagram audio for an account connected with Instagram Login, as Meta does', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'INSTAGRAM', { instagramConnectionMethod: 'INSTAGRAM' });
    const refused = await get(`/misc/instagram/audio?teamId=${teamId}&audioType=music`, key);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('Facebook Login');
  });

  it("inspects the Facebook account's token: scopes of the grant, then invalid once revoked", async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const facebook = await connectAccount(t, key, teamId, 'FACEBOOK', { channelName: 'Okafor Garden' });
    const debug = await get(`/misc/facebook/token-debug?teamId=${teamId}`, key);
    expect(debug.status, debug.text).toBe(200);
    expect(debug.json).toMatchObject({ type: 'USER', is_valid: true, issued_at: expect.any(Number), data_access_expires_at: expect.any(Number) });
    expect(debug.json.scopes).toEqual(expect.arrayContaining(['pages_show_list', 'pages_manage_posts']));
    // The Pages the login shares, the selected one among them.
    expect(debug.json.granular_scopes).toContainEqual({ scope: 'pages_manage_posts', target_ids: expect.arrayContaining([expect.stringMatching(/^\d+$/)]) });

    expect((await t.request('POST', `/sandbox/accounts/${facebook.id}/revoke-access`, { key })).status).toBe(200);
    const revoked = await get(`/misc/facebook/token-debug?teamId=${teamId}`, key);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json).toMatchObject({ is_valid: false, scopes: [], error: { code: 190, message: expect.any(String) } });
  });

  it('reshares a LinkedIn post of the world, honouring disableReshare', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const linkedin = await connectAccount(t, key, teamId, 'LINKEDIN');
    const original = await publish(t, key, teamId, 'LINKEDIN', { text: 'We are hiring' });
    const parentPostUrn = original.externalData.LINKEDIN!.id!;
    const reshared = await t.request('POST', '/misc/linkedin/post/reshare', {
      key,
      body: { teamId, parentPostUrn, commentary: 'Great team!', visibility: 'PUBLIC' },
    });
    expect(reshared.status, reshared.text).toBe(200);
    expect(reshared.json).toMatchObject({
      success: true,
      id: expect.stringMatching(/^urn:li:share:\d+$/),
      activity: expect.stringMatching(/^urn:li:activity:\d+$/),
      permalink: expect.stringContaining('linkedin.com/feed/update/'),
    });
    const posts = await items(t, key, linkedin.id, 'POST');
    expect(posts.find((item) => item.externalId === reshared.json.id)).toMatchObject({
      text: 'Great team!',
      metadata: expect.objectContaining({ reshareOf: parentPostUrn }),
    });

    const closed = await publish(t, key, teamId, 'LINKEDIN', { text: 'Internal only', disableReshare: true });
    const refused = await t.request('POST', '/misc/linkedin/post/reshare', {
      key,
      body: { teamId, parentPostUrn: closed.externalData.LINKEDIN!.id, commentary: 'x' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('resharing off');
    const missing = await t.request('POST', '/misc/linkedin/post/reshare', { key, body: { teamId, parentPostUrn: 'urn:li:share:1', commentary: 'x' } });
    expect(missing.status).toBe(404);
    const malformed = await t.request('POST', '/misc/linkedin/post/reshare', { key, body: { teamId, parentPostUrn: 'share-1', commentary: 'x' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.issues[0].path).toEqual(['parentPostUrn']);

    // Another organization can neither use this team nor reach this world's posts.
    const other = await t.createOrg('PRO');
    await connectAccount(t, other.key, other.teamId, 'LINKEDIN');
    expect((await t.request('POST', '/misc/linkedin/post/reshare', { key: other.key, body: { teamId, parentPostUrn, commentary: 'x' } })).status).toBe(404);
    expect(
      (await t.request('POST', '/misc/linkedin/post/reshare', { key: other.key, body: { teamId: other.teamId, parentPostUrn, commentary: 'x' } })).status,
    ).toBe(404);
    expect((await get(`/misc/facebook/token-debug?teamId=${teamId}`, key)).status).toBe(404);
  });

  it('builds LinkedIn commentary with mentions', async () => {
    const { key } = await t.createOrg('PRO');
    const build = (body: unknown) => t.request('POST', '/misc/linkedin/mentions/builder', { key, body });
    const ada = { display: 'Ada Lovelace', urn: 'urn:li:person:abc123' };
    const acme = { display: 'Acme', urn: 'urn:li:organization:42' };
    expect((await build({ text: 'Thanks @ada lovelace and the team at ACME!', tags: [ada, acme] })).json).toEqual({
      commentary: 'Thanks @[Ada Lovelace](urn:li:person:abc123) and the team at @[Acme](urn:li:organization:42)!',
    });
    expect((await build({ text: 'Welcome aboard', tags: [ada] })).json.commentary).toBe('Welcome aboard @[Ada Lovelace](urn:li:person:abc123)');
    expect((await build({})).json).toEqual({ commentary: '' });
    const bad = await build({ text: 'x', tags: [{ display: 'X', urn: 'urn:li:share:1' }] });
    expect(bad.status).toBe(400);
    expect(bad.json.issues[0].path).toEqual(['tags', 0, 'urn']);
  });

  it('works through the published client', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'INSTAGRAM', { instagramConnectionMethod: 'FACEBOOK', channelName: 'Client Studio' });
    await connectAccount(t, key, teamId, 'FACEBOOK', { channelName: 'Client Cafe' });
    await connectAccount(t, key, teamId, 'LINKEDIN');
    const client = await t.bundlesocial(key);
    const audio = await client.misc.miscInstagramSearchAudio({ teamId, audioType: 'music', searchQuery: 'coffee' });
    expect(audio.audio?.[0]?.title).toBe('Coffee Shop Jazz');
    expect((await client.misc.miscFacebookGetTokenDebug({ teamId })).is_valid).toBe(true);
    const built = await client.misc.miscLinkedinBuildCommentary({ requestBody: { text: 'Hi', tags: [{ display: 'Acme', urn: 'urn:li:organization:1' }] } });
    expect(built.commentary).toBe('Hi @[Acme](urn:li:organization:1)');
    const original = await publish(t, key, teamId, 'LINKEDIN', { text: 'News' });
    const reshare = await client.misc.miscLinkedinResharePost({
      requestBody: { teamId, parentPostUrn: original.externalData.LINKEDIN!.id!, commentary: 'Read this' },
    });
    expect(reshare.success).toBe(true);
  });
});
