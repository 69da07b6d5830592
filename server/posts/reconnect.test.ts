import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { connectAccount, inDays } from './posts-test-kit';

// Post reconnection: posts whose Mastodon account was disconnected take the team's new one.
const t = await createTestApp();

async function schedule(key: string, teamId: string, title: string, days: number, status: 'SCHEDULED' | 'DRAFT' = 'SCHEDULED') {
  const response = await t.request('POST', '/post', {
    key,
    body: { teamId, title, postDate: inDays(days), status, socialAccountTypes: ['MASTODON'], data: { MASTODON: { text: title } } },
  });
  expect(response.status, response.text).toBe(200);
  return response.json as { id: string };
}

const candidates = (key: string, teamId: string, type = 'MASTODON') =>
  t.request('GET', `/post/reconnect-social-account/candidates?teamId=${teamId}&type=${type}`, { key });

describe('post reconnection', () => {
  it('lists the posts that lost their account and attaches the newly connected one', async () => {
    const { key, teamId } = await t.createOrg();
    const old = await connectAccount(t, key, teamId, 'MASTODON');
    const first = await schedule(key, teamId, 'First', 3);
    const second = await schedule(key, teamId, 'Second', 5);
    expect((await candidates(key, teamId)).json).toEqual({ items: [], total: 0 });

    expect((await t.request('DELETE', '/social-account/disconnect', { key, body: { teamId, type: 'MASTODON' } })).status).toBe(200);
    const listed = await candidates(key, teamId);
    expect(listed.status).toBe(200);
    expect(listed.json.total).toBe(2);
    // Latest post date first.
    expect(listed.json.items.map((item: { id: string }) => item.id)).toEqual([second.id, first.id]);
    expect(listed.json.items[0]).toMatchObject({ title: 'Second', status: 'SCHEDULED', postDate: expect.any(String), createdAt: expect.any(String) });
    expect((await t.request('GET', `/post/reconnect-social-account/candidates?teamId=${teamId}&type=MASTODON&limit=1&offset=1`, { key })).json).toMatchObject({
      total: 2,
      items: [{ id: first.id }],
    });

    // Nothing to attach yet: the team has no Mastodon account.
    const early = await t.request('POST', '/post/reconnect-social-account', { key, body: { teamId, type: 'MASTODON' } });
    expect(early.status).toBe(404);
    expect(early.json).toMatchObject({ statusCode: 404, message: expect.stringContaining('Mastodon') });

    const fresh = await connectAccount(t, key, teamId, 'MASTODON');
    expect(fresh.id).not.toBe(old.id);
    const done = await t.request('POST', '/post/reconnect-social-account', { key, body: { teamId, type: 'MASTODON', postIds: [first.id, 'not-a-post'] } });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
    expect(done.json.results).toContainEqual({ postId: first.id, title: 'First', success: true, statusBefore: 'SCHEDULED', statusAfter: 'SCHEDULED' });
    expect(done.json.results).toContainEqual(expect.objectContaining({ postId: 'not-a-post', success: false, message: expect.any(String) }));
    const post = await t.request('GET', `/post/${first.id}`, { key });
    expect(post.json.socialAccounts.map((link: { socialAccountId: string }) => link.socialAccountId)).toEqual([fresh.id]);
    expect((await candidates(key, teamId)).json.items.map((item: { id: string }) => item.id)).toEqual([second.id]);

    // The rest, without naming them.
    const rest = await t.request('POST', '/post/reconnect-social-account', { key, body: { teamId, type: 'MASTODON' } });
    expect(rest.json).toMatchObject({ total: 1, succeeded: 1, failed: 0 });
    expect((await candidates(key, teamId)).json).toEqual({ items: [], total: 0 });
  });

  it('keeps tenants apart and validates input', async () => {
    const { key, teamId } = await t.createOrg();
    const other = await t.createOrg();
    await connectAccount(t, key, teamId, 'MASTODON');
    await schedule(key, teamId, 'Mine', 2);
    await t.request('DELETE', '/social-account/disconnect', { key, body: { teamId, type: 'MASTODON' } });
    await connectAccount(t, other.key, other.teamId, 'MASTODON');
    expect((await candidates(other.key, teamId)).status).toBe(404);
    expect((await t.request('POST', '/post/reconnect-social-account', { key: other.key, body: { teamId, type: 'MASTODON' } })).status).toBe(404);
    // The other organization's own team has nothing to do with this post.
    const foreign = await t.request('POST', '/post/reconnect-social-account', { key: other.key, body: { teamId: other.teamId, type: 'MASTODON' } });
    expect(foreign.json).toMatchObject({ total: 0, succeeded: 0 });
    expect((await candidates(key, teamId)).json.total).toBe(1);

    const bad = await t.request('GET', `/post/reconnect-social-account/candidates?teamId=${teamId}&type=MYSPACE`, { key });
    expect(bad.status).toBe(400);
    expect(bad.json.issues[0]).toMatchObject({ code: 'invalid_enum_value', path: ['type'] });
    const extra = await t.request('POST', '/post/reconnect-social-account', { key, body: { teamId, type: 'MASTODON', force: true } });
    expect(extra.status).toBe(400);
    expect(extra.json.issues[0].code).toBe('unrecognized_keys');
  });

  it('works through the published client, and the reference-key lookup too', async () => {
    const { key, teamId } = await t.createOrg();
    await connectAccount(t, key, teamId, 'MASTODON');
    const created = await t.request('POST', '/post', {
      key,
      body: {
        teamId,
        title: 'Ref',
        postDate: inDays(2),
        status: 'SCHEDULED',
        socialAccountTypes: ['MASTODON'],
        data: { MASTODON: { text: 'x' } },
        referenceKey: 'crm-42',
      },
    });
    await t.request('DELETE', '/social-account/disconnect', { key, body: { teamId, type: 'MASTODON' } });
    await connectAccount(t, key, teamId, 'MASTODON');
    const client = await t.bundlesocial(key);
    const listed = await client.post.postGetReconnectSocialAccountCandidates({ teamId, type: 'MASTODON' });
    expect(listed.items.map((item) => item.id)).toEqual([created.json.id]);
    const result = await client.post.postReconnectSocialAccount({ requestBody: { teamId, type: 'MASTODON' } });
    expect(result).toMatchObject({ total: 1, succeeded: 1, failed: 0 });

    const byKey = await client.post.postGetByReferenceKey({ referenceKey: 'crm-42' });
    expect(byKey).toMatchObject({ id: created.json.id, referenceKey: 'crm-42' });
    const older = await t.request('GET', '/post/reference/crm-42', { key });
    expect(older.json.id).toBe(created.json.id);
    const missing = await t.request('GET', '/post/reference-key/nope', { key });
    expect(missing.status).toBe(404);
    expect((await t.request('GET', '/post/reference-key/crm-42', { key: (await t.createOrg()).key })).status).toBe(404);
  });
});
