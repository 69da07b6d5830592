import { ApiError } from 'bundlesocial';
import { describe, expect, it } from 'vitest';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { items, publish, strangerComment } from './platform-actions-test-kit';

/** The published `bundlesocial` client, unchanged, against our `/misc/*` routes. */
const t = await createTestApp({ work: true, workOnly: postJobs, env: { SEED_DEMO: 'false' } });

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof ApiError ? error.status : -1),
  );

describe('platform actions through the bundlesocial client', { timeout: 120_000 }, () => {
  it('edits and deletes posts and comments', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const client = await t.bundlesocial(key);
    const mastodon = await connectAccount(t, key, teamId, 'MASTODON');
    const reddit = await connectAccount(t, key, teamId, 'REDDIT');
    const status = await publish(t, key, teamId, 'MASTODON', { text: 'Via the client' }, { firstComment: { MASTODON: 'A reply' } });
    const post = await publish(t, key, teamId, 'REDDIT', { sr: 'SideProject', text: 'Launch', description: 'v1' });

    const edited = await client.misc.miscMastodonEditStatus({ requestBody: { teamId, postId: status.id, description: 'Edited via the client' } });
    expect(edited).toEqual({ success: true, permalink: status.externalData.MASTODON!.permalink });
    const reply = (await items(t, key, mastodon.id, 'COMMENT'))[0]!;
    expect(await client.misc.miscMastodonEditComment({ requestBody: { teamId, commentId: reply.externalId, text: 'Edited reply' } })).toMatchObject({
      success: true,
    });
    expect(await client.misc.miscMastodonDeleteComment({ requestBody: { teamId, commentId: reply.externalId } })).toEqual({ success: true });
    expect(await client.misc.miscMastodonDeleteStatus({ requestBody: { teamId, postId: status.id } })).toEqual({ success: true });
    expect(await statusOf(client.misc.miscMastodonDeleteStatus({ requestBody: { teamId, postId: status.id } }))).toBe(404);

    expect(await client.misc.miscRedditEditPost({ requestBody: { teamId, postId: post.id, description: 'v2' } })).toEqual({
      success: true,
      permalink: post.externalData.REDDIT!.permalink,
    });
    const stranger = await strangerComment(t, key, reddit.id);
    expect(await statusOf(client.misc.miscRedditDeleteComment({ requestBody: { teamId, commentId: stranger } }))).toBe(403);
    expect(await client.misc.miscRedditDeletePost({ requestBody: { teamId, postId: post.id } })).toEqual({ success: true });
    expect(await statusOf(client.misc.miscPinterestEditPin({ requestBody: { teamId, postId: post.id, title: 'x' } }))).toBe(400);
  });

  it('runs the composer lookups', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const client = await t.bundlesocial(key);
    await connectAccount(t, key, teamId, 'YOUTUBE', { channelName: 'Kitchen Lab' });
    await connectAccount(t, key, teamId, 'REDDIT');
    await connectAccount(t, key, teamId, 'INSTAGRAM');
    await connectAccount(t, key, teamId, 'LINKEDIN', { username: 'ada-lovelace' });

    const categories = await client.misc.miscYoutubeGetVideoCategories({ teamId, regionCode: 'GB' });
    expect(categories.items?.some((item) => item.snippet?.title === 'Music')).toBe(true);
    expect((await client.misc.miscYoutubeGetRegions({ teamId })).items?.length).toBeGreaterThan(10);
    expect((await client.misc.miscRedditGetSubredditFlairs({ teamId, subreddit: 'SideProject' })).length).toBeGreaterThan(0);
    expect(await client.misc.miscRedditGetPostRequirements({ teamId, subreddit: 'SideProject' })).toMatchObject({ isFlairEnabled: true });
    expect((await client.misc.miscInstagramSearchLocations({ teamId, q: 'london' })).items.map((item) => item.name)).toEqual(['Tower Bridge', 'Camden Market']);
    expect(await client.misc.miscInstagramBusinessDiscovery({ teamId, username: 'nobody_here_123' })).toEqual({ exists: false, data: null });
    expect((await client.misc.miscLinkedinGetTags({ teamId, q: 'ada' })).people?.[0]?.kind).toBe('person');
    expect((await client.misc.miscFacebookGetTextFormatPresets()).presets.length).toBeGreaterThan(0);
    expect(await statusOf(client.misc.miscYoutubeGetVideoCategories({ teamId, regionCode: 'QQ' }))).toBe(400);
  });
});
