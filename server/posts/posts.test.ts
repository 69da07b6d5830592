import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { connectAccount, inDays, uploadMedia } from './posts-test-kit';

const t = await createTestApp();

async function youtubeSetup() {
  const org = await t.createOrg('PRO');
  await connectAccount(t, org.key, org.teamId, 'YOUTUBE', { channelName: 'Kitchen Lab' });
  const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
  return { ...org, video };
}

const youtubePost = (teamId: string, videoId: string, extra: Record<string, unknown> = {}) => ({
  teamId,
  title: 'Launch video',
  postDate: inDays(1),
  status: 'SCHEDULED',
  socialAccountTypes: ['YOUTUBE'],
  data: { YOUTUBE: { uploadIds: [videoId], text: 'Our launch', privacy: 'PUBLIC' } },
  ...extra,
});

describe('posts API', () => {
  it('creates a scheduled post with its account and media, and reads it back', async () => {
    const { key, teamId, video } = await youtubeSetup();
    const created = await t.request('POST', '/post', { key, body: youtubePost(teamId, video.id, { referenceKey: 'launch-1' }) });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      status: 'SCHEDULED',
      teamId,
      socialAccountTypes: ['YOUTUBE'],
      data: { YOUTUBE: { text: 'Our launch', type: 'SHORT' } },
      retryCount: 0,
      errors: {},
      externalData: {},
      referenceKey: 'launch-1',
    });
    expect(created.json.uploads[0]).toMatchObject({ uploadId: video.id, upload: { id: video.id, type: 'video' } });
    expect(created.json.socialAccounts[0].socialAccount).toMatchObject({ type: 'YOUTUBE' });

    const got = await t.request('GET', `/post/${created.json.id}`, { key });
    expect(got.json.id).toBe(created.json.id);
    const byReference = await t.request('GET', '/post/reference/launch-1', { key });
    expect(byReference.json.id).toBe(created.json.id);
    const duplicate = await t.request('POST', '/post', { key, body: youtubePost(teamId, video.id, { referenceKey: 'launch-1' }) });
    expect(duplicate.status).toBe(409);
  });

  it('points rule violations into data.<PLATFORM>', async () => {
    const { key, teamId, video } = await youtubeSetup();
    const long = await t.request('POST', '/post', {
      key,
      body: youtubePost(teamId, video.id, { data: { YOUTUBE: { uploadIds: [video.id], text: 'x'.repeat(101) } } }),
    });
    expect(long.status).toBe(400);
    expect(long.json.issues).toContainEqual(expect.objectContaining({ code: 'too_big', path: ['data', 'YOUTUBE', 'text'] }));

    const image = await uploadMedia(t, key, 'square-1080.jpg');
    const notVideo = await t.request('POST', '/post', { key, body: youtubePost(teamId, image.id) });
    expect(notVideo.status).toBe(400);
    expect(notVideo.json.issues[0]).toMatchObject({ code: 'custom', path: ['data', 'YOUTUBE', 'uploadIds'] });

    const missingOptions = await t.request('POST', '/post', {
      key,
      body: youtubePost(teamId, video.id, { socialAccountTypes: ['YOUTUBE', 'INSTAGRAM'] }),
    });
    expect(missingOptions.json.issues).toContainEqual(expect.objectContaining({ path: ['data', 'INSTAGRAM'] }));
  });

  it('needs a connected account per platform, except for drafts', async () => {
    const { key, teamId } = await t.createOrg();
    const body = {
      teamId,
      title: 'Toot',
      postDate: inDays(1),
      socialAccountTypes: ['MASTODON'],
      data: { MASTODON: { text: 'Hello fediverse' } },
    };
    const scheduled = await t.request('POST', '/post', { key, body });
    expect(scheduled.status).toBe(400);
    expect(scheduled.json.issues[0]).toMatchObject({ path: ['socialAccountTypes', 0], message: expect.stringMatching(/no connected Mastodon account/) });
    const draft = await t.request('POST', '/post', { key, body: { ...body, status: 'DRAFT' } });
    expect(draft.status).toBe(200);
    expect(draft.json.status).toBe('DRAFT');
  });

  it('only uses uploads the team can see', async () => {
    const { key, teamId } = await youtubeSetup();
    const other = await t.createOrg();
    const foreign = await uploadMedia(t, other.key, 'vertical-3s.mp4');
    const response = await t.request('POST', '/post', { key, body: youtubePost(teamId, foreign.id) });
    expect(response.status).toBe(400);
    expect(response.json.issues[0]).toMatchObject({ path: ['data', 'YOUTUBE', 'uploadIds', 0], message: expect.stringMatching(/not found/) });
  });

  it('updates a scheduled post into a new version, deletes it, and hides deleted posts from the list', async () => {
    const { key, teamId, video } = await youtubeSetup();
    const created = (await t.request('POST', '/post', { key, body: youtubePost(teamId, video.id) })).json;
    const updated = await t.request('PATCH', `/post/${created.id}`, { key, body: { title: 'Renamed', postDate: inDays(2) } });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ title: 'Renamed', status: 'SCHEDULED', postDate: inDays(2) });
    const invalid = await t.request('PATCH', `/post/${created.id}`, { key, body: { data: { YOUTUBE: { uploadIds: [video.id], text: '' } } } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.issues[0].path).toEqual(['data', 'YOUTUBE', 'text']);

    const deleted = await t.request('DELETE', `/post/${created.id}`, { key });
    expect(deleted.json).toMatchObject({ status: 'DELETED', deletedAt: expect.any(String) });
    expect((await t.request('GET', `/post?teamId=${teamId}`, { key })).json.total).toBe(0);
    expect((await t.request('GET', `/post?teamId=${teamId}&status=DELETED`, { key })).json.total).toBe(1);
    expect((await t.request('PATCH', `/post/${created.id}`, { key, body: { title: 'Back' } })).status).toBe(404);
    expect((await t.request('POST', `/post/${created.id}/retry`, { key })).status).toBe(409);
  });

  it('filters and orders the list', async () => {
    const { key, teamId, video } = await youtubeSetup();
    await connectAccount(t, key, teamId, 'MASTODON');
    await t.request('POST', '/post', { key, body: youtubePost(teamId, video.id, { title: 'Alpha video', postDate: inDays(3) }) });
    await t.request('POST', '/post', {
      key,
      body: { teamId, title: 'Beta toot', postDate: inDays(5), socialAccountTypes: ['MASTODON'], data: { MASTODON: { text: 'pancakes today' } } },
    });
    const list = async (query: string) => (await t.request('GET', `/post?teamId=${teamId}&${query}`, { key })).json;
    expect((await list('orderBy=postDate&order=ASC')).items.map((p: { title: string }) => p.title)).toEqual(['Alpha video', 'Beta toot']);
    expect((await list('platforms=MASTODON')).items.map((p: { title: string }) => p.title)).toEqual(['Beta toot']);
    expect((await list('q=pancakes')).total).toBe(1);
    expect((await list(`postDateFrom=${inDays(4)}`)).items.map((p: { title: string }) => p.title)).toEqual(['Beta toot']);
    expect((await list('status=DRAFT')).total).toBe(0);
    const bad = await t.request('GET', `/post?teamId=${teamId}&platforms=MYSPACE`, { key });
    expect(bad.status).toBe(400);
    expect(bad.json.issues[0].code).toBe('invalid_enum_value');
  });

  it('keeps posts inside their organization', async () => {
    const { key, teamId, video } = await youtubeSetup();
    const post = (await t.request('POST', '/post', { key, body: youtubePost(teamId, video.id) })).json;
    const other = await t.createOrg();
    for (const [method, path] of [
      ['GET', `/post/${post.id}`],
      ['PATCH', `/post/${post.id}`],
      ['DELETE', `/post/${post.id}`],
      ['POST', `/post/${post.id}/retry`],
      ['GET', `/post?teamId=${teamId}`],
    ] as const) {
      const response = await t.request(method, path, { key: other.key, body: method === 'PATCH' ? { title: 'x' } : undefined });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const create = await t.request('POST', '/post', { key: other.key, body: youtubePost(teamId, video.id) });
    expect(create.status).toBe(404);
  });
});
