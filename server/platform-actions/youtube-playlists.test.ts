import { describe, expect, it } from 'vitest';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount, uploadMedia } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { items, publish } from './platform-actions-test-kit';

/** The outline's YouTube playlist group and thumbnail route on sandbox accounts (decision 091). */
const t = await createTestApp({ work: true, workOnly: postJobs, env: { SEED_DEMO: 'false' } });

describe('YouTube playlists and thumbnails on the sandbox', { timeout: 120_000 }, () => {
  it('creates, lists, updates and deletes playlists; adds, orders and removes videos', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'YOUTUBE', { channelName: 'Kitchen Lab' });
    const video = await uploadMedia(t, key, 'landscape-5s.mp4');
    const first = await publish(t, key, teamId, 'YOUTUBE', { type: 'VIDEO', uploadIds: [video.id], text: 'Pancakes' });
    const second = await publish(t, key, teamId, 'YOUTUBE', { type: 'VIDEO', uploadIds: [video.id], text: 'Waffles' });

    const created = await t.request('POST', '/misc/youtube/playlist', {
      key,
      body: { teamId, title: 'Breakfast', description: 'Morning food', privacyStatus: 'unlisted' },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({
      kind: 'youtube#playlist',
      id: expect.stringMatching(/^PL/),
      snippet: { title: 'Breakfast', description: 'Morning food', channelTitle: 'Kitchen Lab' },
      status: { privacyStatus: 'unlisted' },
      contentDetails: { itemCount: 0 },
    });
    const playlistId = created.json.id as string;

    const listed = await t.request('GET', `/misc/youtube/playlist?teamId=${teamId}`, { key });
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ kind: 'youtube#playlistListResponse', pageInfo: { totalResults: 1 }, items: [{ id: playlistId }] });

    const updated = await t.request('PUT', '/misc/youtube/playlist', {
      key,
      body: { teamId, playlistId, title: 'Brunch', description: 'Late morning', privacyStatus: 'public' },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({ id: playlistId, snippet: { title: 'Brunch' }, status: { privacyStatus: 'public' } });

    // By our post id, then by the video id, the second one at the front.
    const a = await t.request('POST', '/misc/youtube/playlist-items', { key, body: { teamId, playlistId, postId: first.id } });
    expect(a.status, a.text).toBe(200);
    expect(a.json).toMatchObject({
      kind: 'youtube#playlistItem',
      snippet: { playlistId, position: 0, title: 'Pancakes', resourceId: { videoId: first.externalData.YOUTUBE!.id } },
    });
    const b = await t.request('POST', '/misc/youtube/playlist-items', {
      key,
      body: { teamId, playlistId, postId: second.externalData.YOUTUBE!.id, position: 0 },
    });
    expect(b.status, b.text).toBe(200);
    const videos = await t.request('GET', `/misc/youtube/playlist-items?teamId=${teamId}&playlistId=${playlistId}&maxResults=1`, { key });
    expect(videos.status).toBe(200);
    expect(videos.json).toMatchObject({
      pageInfo: { totalResults: 2, resultsPerPage: 1 },
      nextPageToken: expect.any(String),
      items: [{ snippet: { title: 'Waffles', position: 0 } }],
    });
    const rest = await t.request(
      'GET',
      `/misc/youtube/playlist-items?teamId=${teamId}&playlistId=${playlistId}&maxResults=1&pageToken=${videos.json.nextPageToken}`,
      { key },
    );
    expect(rest.json.items).toMatchObject([{ snippet: { title: 'Pancakes', position: 1 } }]);

    const removed = await t.request('DELETE', `/misc/youtube/playlist-items/${b.json.id}?teamId=${teamId}`, { key });
    expect(removed.status).toBe(200);
    expect(removed.json).toBe(true);
    const left = await t.request('GET', `/misc/youtube/playlist-items?teamId=${teamId}&playlistId=${playlistId}`, { key });
    expect(left.json.items).toMatchObject([{ id: a.json.id, snippet: { position: 0 } }]);
    expect((await t.request('DELETE', `/misc/youtube/playlist-items/${b.json.id}?teamId=${teamId}`, { key })).status).toBe(404);

    expect((await t.request('DELETE', `/misc/youtube/playlist/${playlistId}?teamId=${teamId}`, { key })).json).toBe(true);
    expect((await t.request('GET', `/misc/youtube/playlist?teamId=${teamId}`, { key })).json.items).toEqual([]);
    expect((await t.request('DELETE', `/misc/youtube/playlist/${playlistId}?teamId=${teamId}`, { key })).status).toBe(404);
  });

  it('sets a thumbnail, validates input and keeps other organizations out', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const youtube = await connectAccount(t, key, teamId, 'YOUTUBE', { channelName: 'Kitchen Lab' });
    const video = await uploadMedia(t, key, 'landscape-5s.mp4');
    const post = await publish(t, key, teamId, 'YOUTUBE', { type: 'VIDEO', uploadIds: [video.id], text: 'Toast' });
    const set = await t.request('POST', '/misc/youtube/thumbnail', { key, body: { teamId, postId: post.id, url: 'https://cdn.example.com/cover.jpg' } });
    expect(set.status, set.text).toBe(200);
    expect(set.json.items[0]).toMatchObject({ default: { url: expect.stringContaining(post.externalData.YOUTUBE!.id!), width: 120, height: 90 } });
    expect((await items(t, key, youtube.id, 'POST'))[0]!.metadata).toMatchObject({ thumbnail: 'https://cdn.example.com/cover.jpg' });

    const invalid = await t.request('POST', '/misc/youtube/thumbnail', { key, body: { teamId, postId: post.id, url: 'not a url' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.issues[0]).toMatchObject({ code: 'invalid_string', path: ['url'] });
    const noTitle = await t.request('POST', '/misc/youtube/playlist', { key, body: { teamId, title: '', description: '' } });
    expect(noTitle.status).toBe(400);
    expect((await t.request('GET', `/misc/youtube/playlist-items?teamId=${teamId}&playlistId=PLnope`, { key })).status).toBe(404);

    const other = await t.createOrg('PRO');
    await connectAccount(t, other.key, other.teamId, 'YOUTUBE', { channelName: 'Kitchen Lab' });
    // Another organization's post and team are not found, never touched.
    expect(
      (await t.request('POST', '/misc/youtube/thumbnail', { key: other.key, body: { teamId: other.teamId, postId: post.id, url: 'https://x.example/a.jpg' } }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', `/misc/youtube/playlist?teamId=${teamId}`, { key: other.key })).status).toBe(404);
  });
});
