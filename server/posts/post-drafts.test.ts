import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { connectAccount, inDays } from './posts-test-kit';

const t = await createTestApp();

async function blueskyOrg() {
  const org = await t.createOrg();
  await connectAccount(t, org.key, org.teamId, 'BLUESKY');
  return org;
}

const draft = (text: string, extra: Record<string, unknown> = {}) => ({
  title: 'Spring menu',
  postDate: inDays(2),
  socialAccountTypes: ['BLUESKY'],
  data: { BLUESKY: { text } },
  ...extra,
});

describe('drafts saved whatever their problems (decision 090)', () => {
  it('keeps POST /post strict for a DRAFT, and saves the same draft through /post/drafts with its problems', async () => {
    const { key, teamId } = await blueskyOrg();
    const long = 'a'.repeat(301);
    const strict = await t.request('POST', '/post', { key, body: { teamId, status: 'DRAFT', ...draft(long) } });
    expect(strict.status).toBe(400);
    expect(strict.json.issues[0].path).toEqual(['data', 'BLUESKY', 'text']);

    const saved = await t.request('POST', '/post/drafts', { key, body: { teamId, ...draft(long) } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.post).toMatchObject({ status: 'DRAFT', teamId, data: { BLUESKY: { text: long } } });
    expect(saved.json.publishable).toBe(false);
    expect(saved.json.problems).toEqual([{ path: ['data', 'BLUESKY', 'text'], message: expect.stringMatching(/300/) }]);

    // Fixed: publishable, and still a draft.
    const id = saved.json.post.id;
    const fixed = await t.request('PUT', `/post/${id}/draft`, { key, body: draft('Spring is here') });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.json).toMatchObject({ publishable: true, problems: [], post: { id, status: 'DRAFT', data: { BLUESKY: { text: 'Spring is here' } } } });
    expect((await t.request('GET', `/post/${id}`, { key })).json.data.BLUESKY.text).toBe('Spring is here');
  });

  it('names missing uploads and accounts as problems, and scheduling checks the draft in full', async () => {
    const { key, teamId } = await t.createOrg();
    const saved = await t.request('POST', '/post/drafts', {
      key,
      body: { teamId, ...draft('With a photo', { data: { BLUESKY: { text: 'With a photo', uploadIds: ['upl_missing'] } } }) },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.post.uploads).toEqual([]);
    const paths = saved.json.problems.map((problem: { path: unknown[] }) => problem.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['socialAccountTypes.0', 'data.BLUESKY.uploadIds.0']));

    const id = saved.json.post.id;
    const scheduled = await t.request('PATCH', `/post/${id}`, { key, body: { status: 'SCHEDULED' } });
    expect(scheduled.status).toBe(400);
    await connectAccount(t, key, teamId, 'BLUESKY');
    expect((await t.request('PUT', `/post/${id}/draft`, { key, body: draft('No photo after all') })).json.publishable).toBe(true);
    const ok = await t.request('PATCH', `/post/${id}`, { key, body: { status: 'SCHEDULED' } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.status).toBe('SCHEDULED');
    // A scheduled post is no longer saved whatever its problems.
    const late = await t.request('PUT', `/post/${id}/draft`, { key, body: draft('a'.repeat(400)) });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ statusCode: 409, message: expect.stringMatching(/Only a draft/) });
  });

  it('refuses what is not shaped like a post, and keeps tenants apart', async () => {
    const { key, teamId } = await blueskyOrg();
    const wrongType = await t.request('POST', '/post/drafts', { key, body: { teamId, ...draft('x', { data: { BLUESKY: { text: 5 } } }) } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.issues[0]).toMatchObject({ code: 'invalid_type', path: ['data', 'BLUESKY', 'text'] });
    const unknownKey = await t.request('POST', '/post/drafts', { key, body: { teamId, ...draft('x', { data: { BLUESKY: { text: 'x', colour: 'red' } } }) } });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.json.issues[0].code).toBe('unrecognized_keys');
    const noPlatforms = await t.request('POST', '/post/drafts', { key, body: { teamId, ...draft('x', { socialAccountTypes: [] }) } });
    expect(noPlatforms.status).toBe(400);
    const badDate = await t.request('POST', '/post/drafts', { key, body: { teamId, ...draft('x', { postDate: 'tomorrow' }) } });
    expect(badDate.status).toBe(400);
    expect(badDate.json.issues[0].path).toEqual(['postDate']);

    const mine = await t.request('POST', '/post/drafts', { key, body: { teamId, ...draft('Mine') } });
    const other = await t.createOrg();
    expect((await t.request('PUT', `/post/${mine.json.post.id}/draft`, { key: other.key, body: draft('Theirs') })).status).toBe(404);
    expect((await t.request('POST', '/post/drafts', { key: other.key, body: { teamId, ...draft('Theirs') } })).status).toBe(404);
    expect((await t.request('PUT', '/post/post_unknown/draft', { key, body: draft('x') })).status).toBe(404);
  });
});
