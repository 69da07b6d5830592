import { describe, expect, it } from 'vitest';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount, uploadMedia } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { connectWithChannel, items, publish, strangerComment } from './platform-actions-test-kit';

const t = await createTestApp({ work: true, workOnly: postJobs, env: { SEED_DEMO: 'false' } });

const send = (method: 'PATCH' | 'DELETE', path: string, key: string, body: Record<string, unknown>) => t.request(method, path, { key, body });

describe('edit and delete published posts', { timeout: 120_000 }, () => {
  it('edits a Mastodon status, deletes it once, and the post shows the deletion', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const mastodon = await connectAccount(t, key, teamId, 'MASTODON');
    const post = await publish(t, key, teamId, 'MASTODON', { text: 'First version' });

    const edited = await send('PATCH', '/misc/mastodon/status', key, { teamId, postId: post.id, description: 'Second version', spoilerText: 'cw' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toEqual({ success: true, permalink: post.externalData.MASTODON!.permalink });
    const [status] = await items(t, key, mastodon.id, 'POST');
    expect(status).toMatchObject({ text: 'Second version', metadata: { spoilerText: 'cw' }, deletedAt: null });
    expect(status!.editedAt).not.toBeNull();
    expect((await t.request('GET', `/post/${post.id}`, { key })).json.data.MASTODON).toMatchObject({ text: 'Second version', spoilerText: 'cw' });

    const tooLong = await send('PATCH', '/misc/mastodon/status', key, { teamId, postId: post.id, description: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toMatch(/500 characters/);
    expect((await send('PATCH', '/misc/mastodon/status', key, { teamId, postId: post.id, description: '  ' })).status).toBe(400);

    const deleted = await send('DELETE', '/misc/mastodon/status', key, { teamId, postId: post.id });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ success: true });
    expect((await items(t, key, mastodon.id, 'POST'))[0]!.deletedAt).not.toBeNull();
    const after = (await t.request('GET', `/post/${post.id}`, { key })).json;
    expect(after.status).toBe('POSTED');
    expect(after.socialAccounts[0].deletedAt).not.toBeNull();

    const again = await send('DELETE', '/misc/mastodon/status', key, { teamId, postId: post.id });
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ statusCode: 404, message: expect.stringMatching(/already deleted/) });
    expect((await send('PATCH', '/misc/mastodon/status', key, { teamId, postId: post.id, description: 'Too late' })).status).toBe(404);
  });

  it('edits only Reddit text posts and records the kind at publication', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const reddit = await connectAccount(t, key, teamId, 'REDDIT');
    const text = await publish(t, key, teamId, 'REDDIT', { sr: 'SideProject', text: 'My launch', description: 'Body v1' });
    const link = await publish(t, key, teamId, 'REDDIT', { sr: 'SideProject', text: 'A link', link: 'https://example.com/launch' });
    const onReddit = await items(t, key, reddit.id, 'POST');
    const itemOf = (post: typeof text) => onReddit.find((item) => item.externalId === post.externalData.REDDIT!.id)!;
    expect(itemOf(text).metadata).toMatchObject({ kind: 'text', body: 'Body v1' });
    expect(itemOf(link).metadata).toMatchObject({ kind: 'link' });

    const edited = await send('PATCH', '/misc/reddit/post', key, { teamId, postId: text.id, description: 'Body v2' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toEqual({ success: true, permalink: text.externalData.REDDIT!.permalink });
    expect((await items(t, key, reddit.id, 'POST')).find((item) => item.id === itemOf(text).id)!.metadata).toMatchObject({
      kind: 'text',
      body: 'Body v2',
      title: 'My launch',
    });
    expect((await t.request('GET', `/post/${text.id}`, { key })).json.data.REDDIT).toMatchObject({ text: 'My launch', description: 'Body v2' });

    const refused = await send('PATCH', '/misc/reddit/post', key, { teamId, postId: link.id, description: 'Text on a link post' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/Only text posts can be edited on Reddit/);

    // The platform's own id of the post works too (the published client documents it so).
    expect((await send('DELETE', '/misc/reddit/post', key, { teamId, postId: link.externalData.REDDIT!.id })).status).toBe(200);
    expect((await send('DELETE', '/misc/reddit/post', key, { teamId, postId: link.id })).status).toBe(404);
  });

  it('edits YouTube video metadata within YouTube rules', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const youtube = await connectAccount(t, key, teamId, 'YOUTUBE', { channelName: 'Kitchen Lab' });
    const video = await uploadMedia(t, key, 'vertical-3s.mp4');
    const post = await publish(t, key, teamId, 'YOUTUBE', { uploadIds: [video.id], text: 'Pancakes' });
    const ok = await send('PATCH', '/misc/youtube/video', key, {
      teamId,
      postId: post.id,
      title: 'Better pancakes',
      description: 'Recipe inside',
      tags: ['food'],
      categoryId: '26',
      privacyStatus: 'unlisted',
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.permalink).toBe(post.externalData.YOUTUBE!.permalink);
    expect((await items(t, key, youtube.id, 'POST'))[0]).toMatchObject({
      text: 'Better pancakes',
      metadata: { title: 'Better pancakes', description: 'Recipe inside', tags: ['food'], categoryId: '26', privacyStatus: 'unlisted' },
    });
    expect((await t.request('GET', `/post/${post.id}`, { key })).json.data.YOUTUBE).toMatchObject({
      text: 'Better pancakes',
      description: 'Recipe inside',
      privacy: 'UNLISTED',
    });
    const notAssignable = await send('PATCH', '/misc/youtube/video', key, { teamId, postId: post.id, categoryId: '30' });
    expect(notAssignable.status).toBe(400);
    expect((await send('PATCH', '/misc/youtube/video', key, { teamId, postId: post.id, title: 'a <b>' })).status).toBe(400);
    expect((await send('PATCH', '/misc/youtube/video', key, { teamId, postId: post.id })).status).toBe(400);
    expect((await send('DELETE', '/misc/youtube/video', key, { teamId, postId: post.id })).status).toBe(200);
  });

  it('deletes on every platform that allows it and edits where the platform has an edit API', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const image = await uploadMedia(t, key, 'square-1080.jpg');
    const slack = await connectWithChannel(t, key, teamId, 'SLACK', 'general');
    const discord = await connectWithChannel(t, key, teamId, 'DISCORD', 'announcements');
    await connectWithChannel(t, key, teamId, 'FACEBOOK', 'Acme Bakery');
    for (const type of ['LINKEDIN', 'BLUESKY', 'TWITTER', 'PINTEREST']) await connectAccount(t, key, teamId, type);
    const cases: [platform: string, path: string, options: Record<string, unknown>, edit: boolean][] = [
      ['SLACK', '/misc/slack/message', { channelId: slack.channelId, text: 'Standup at 10' }, true],
      ['LINKEDIN', '/misc/linkedin/post', { text: 'We are hiring' }, true],
      ['FACEBOOK', '/misc/facebook/post', { text: 'Fresh bread today' }, true],
      ['BLUESKY', '/misc/bluesky/post', { text: 'Hello sky' }, false],
      ['TWITTER', '/misc/twitter/tweet', { text: 'Hello X' }, false],
      ['DISCORD', '/misc/discord/message', { channelId: discord.channelId, text: 'Server news' }, false],
      ['PINTEREST', '/misc/pinterest/pin', { boardName: 'Recipes', text: 'Bread', uploadIds: [image.id] }, false],
    ];
    for (const [platform, path, options, edit] of cases) {
      const post = await publish(t, key, teamId, platform, options);
      if (edit) {
        const edited = await send('PATCH', path, key, { teamId, postId: post.id, description: `${platform} edited` });
        expect(edited.status, `${platform} ${edited.text}`).toBe(200);
        const account = post.socialAccounts[0]!.socialAccountId;
        expect((await items(t, key, account, 'POST'))[0]!.text).toBe(`${platform} edited`);
      }
      const deleted = await send('DELETE', path, key, { teamId, postId: post.id });
      expect(deleted.status, `${platform} ${deleted.text}`).toBe(200);
      expect((await send('DELETE', path, key, { teamId, postId: post.id })).status, platform).toBe(404);
    }
  });

  it('refuses Pinterest pin edits, other platforms, unpublished posts and other teams', async () => {
    const a = await t.createOrg('PRO');
    const b = await t.createOrg('PRO');
    await connectAccount(t, a.key, a.teamId, 'MASTODON');
    await connectAccount(t, a.key, a.teamId, 'BLUESKY');
    await connectAccount(t, b.key, b.teamId, 'MASTODON');
    const post = await publish(t, a.key, a.teamId, 'MASTODON', { text: 'Mine' });

    const pin = await send('PATCH', '/misc/pinterest/pin', a.key, { teamId: a.teamId, postId: post.id, title: 'New' });
    expect(pin.status).toBe(400);
    expect(pin.json.message).toMatch(/Pinterest/);
    // A Mastodon post has no YouTube video.
    expect((await send('DELETE', '/misc/youtube/video', a.key, { teamId: a.teamId, postId: post.id })).status).toBe(404);
    // Scheduled for later: not published on Bluesky yet.
    const later = await t.request('POST', '/post', {
      key: a.key,
      body: {
        teamId: a.teamId,
        title: 'Later',
        postDate: new Date(Date.now() + 86_400_000).toISOString(),
        socialAccountTypes: ['BLUESKY'],
        data: { BLUESKY: { text: 'Soon' } },
      },
    });
    const unpublished = await send('DELETE', '/misc/bluesky/post', a.key, { teamId: a.teamId, postId: later.json.id });
    expect(unpublished.status).toBe(400);
    expect(unpublished.json.message).toMatch(/not published on Bluesky yet/);

    // Another organization: with its own team, or naming ours, the post does not exist for it.
    expect((await send('DELETE', '/misc/mastodon/status', b.key, { teamId: b.teamId, postId: post.id })).status).toBe(404);
    expect((await send('DELETE', '/misc/mastodon/status', b.key, { teamId: a.teamId, postId: post.id })).status).toBe(404);
    expect((await send('PATCH', '/misc/mastodon/status', b.key, { teamId: b.teamId, postId: post.externalData.MASTODON!.id, description: 'x' })).status).toBe(
      404,
    );
    expect((await t.request('GET', `/post/${post.id}`, { key: a.key })).json.socialAccounts[0].deletedAt).toBeNull();

    const invalid = await send('PATCH', '/misc/mastodon/status', a.key, { teamId: a.teamId });
    expect(invalid.status).toBe(400);
    expect(invalid.json.issues.map((issue: { path: string[] }) => issue.path.join('.'))).toEqual(expect.arrayContaining(['postId', 'description']));
  });

  it('deletes once when two deletes race', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'BLUESKY');
    const post = await publish(t, key, teamId, 'BLUESKY', { text: 'Race me' });
    const statuses = await Promise.all([1, 2].map(() => send('DELETE', '/misc/bluesky/post', key, { teamId, postId: post.id }).then((r) => r.status)));
    expect(statuses.sort()).toEqual([200, 404]);
    expect((await t.request('GET', `/post/${post.id}`, { key })).json.socialAccounts[0].deletedAt).not.toBeNull();
  });

  it('answers a sandbox fault with an error and keeps the post as it was, then succeeds', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const mastodon = await connectAccount(t, key, teamId, 'MASTODON');
    const post = await publish(t, key, teamId, 'MASTODON', { text: 'Faulty day' });
    const fault = await t.request('POST', '/sandbox/faults', { key, body: { type: 'MASTODON', kind: 'TRANSIENT', operation: 'actions.deletePost', count: 1 } });
    expect(fault.status, fault.text).toBe(200);
    const failed = await send('DELETE', '/misc/mastodon/status', key, { teamId, postId: post.id });
    expect(failed.status).toBe(502);
    expect((await items(t, key, mastodon.id, 'POST'))[0]!.deletedAt).toBeNull();
    expect((await t.request('GET', `/post/${post.id}`, { key })).json.socialAccounts[0].deletedAt).toBeNull();
    const limited = await t.request('POST', '/sandbox/faults', {
      key,
      body: { type: 'MASTODON', kind: 'RATE_LIMITED', operation: 'actions.editPost', count: 1, retryAfterSeconds: 30 },
    });
    expect(limited.status, limited.text).toBe(200);
    const slowDown = await send('PATCH', '/misc/mastodon/status', key, { teamId, postId: post.id, description: 'x' });
    expect(slowDown.status).toBe(429);
    expect((await send('DELETE', '/misc/mastodon/status', key, { teamId, postId: post.id })).status).toBe(200);
  });
});

describe('edit and delete comments on the platform', { timeout: 120_000 }, () => {
  it('edits and deletes the account’s own comment; a stranger’s can be deleted only where owners moderate', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const facebook = await connectWithChannel(t, key, teamId, 'FACEBOOK', 'Acme Bakery');
    const post = await publish(t, key, teamId, 'FACEBOOK', { text: 'Open today' }, { firstComment: { FACEBOOK: 'Menu in the comments' } });
    const own = (await items(t, key, facebook.id, 'COMMENT')).find((item) => item.text === 'Menu in the comments')!;
    // The first comment is also a comment record of the service: it follows the edit and the deletion.
    const record = (await t.request('GET', `/comment?teamId=${teamId}&postId=${post.id}`, { key })).json.items[0];
    expect(record).toMatchObject({ status: 'POSTED', data: { FACEBOOK: { text: 'Menu in the comments' } } });

    const edited = await send('PATCH', '/misc/facebook/comment', key, { teamId, commentId: own.externalId, text: 'Menu: bread, buns' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.success).toBe(true);
    expect((await items(t, key, facebook.id, 'COMMENT')).find((item) => item.id === own.id)).toMatchObject({
      text: 'Menu: bread, buns',
      editedAt: expect.any(String),
    });
    expect((await t.request('GET', `/comment/${record.id}`, { key })).json.data.FACEBOOK.text).toBe('Menu: bread, buns');

    const stranger = await strangerComment(t, key, facebook.id, 'Are you open Sunday?');
    const notMine = await send('PATCH', '/misc/facebook/comment', key, { teamId, commentId: stranger, text: 'Rewritten' });
    expect(notMine.status).toBe(403);
    expect(notMine.json.message).toMatch(/only its own comments/);
    // A Page may remove comments on its posts.
    expect((await send('DELETE', '/misc/facebook/comment', key, { teamId, commentId: stranger })).status).toBe(200);
    expect((await send('DELETE', '/misc/facebook/comment', key, { teamId, commentId: own.externalId })).status).toBe(200);
    expect((await t.request('GET', `/comment/${record.id}`, { key })).json).toMatchObject({ status: 'DELETED', deletedAt: expect.any(String) });
    expect((await t.request('GET', `/comment?teamId=${teamId}&postId=${post.id}`, { key })).json.items).toEqual([]);
    const deleted = (await t.request('GET', `/comment?teamId=${teamId}&postId=${post.id}&status=DELETED`, { key })).json.items[0];
    expect(deleted.externalData.FACEBOOK.deletedAt).toEqual(expect.any(String));
    expect((await send('DELETE', '/misc/facebook/comment', key, { teamId, commentId: own.externalId })).status).toBe(404);
    expect((await send('PATCH', '/misc/facebook/comment', key, { teamId, commentId: own.externalId, text: 'again' })).status).toBe(404);
    expect((await items(t, key, facebook.id, 'COMMENT')).every((item) => item.deletedAt !== null)).toBe(true);
  });

  it('applies each platform’s rule for other people’s comments', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const cases: [platform: string, path: string, ownerMayDelete: boolean][] = [
      ['MASTODON', '/misc/mastodon/comment', false],
      ['REDDIT', '/misc/reddit/comment', false],
      ['YOUTUBE', '/misc/youtube/comment', false],
      ['BLUESKY', '/misc/bluesky/comment', false],
      ['LINKEDIN', '/misc/linkedin/comment', true],
      ['INSTAGRAM', '/misc/instagram/comment', true],
      ['TIKTOK', '/misc/tiktok/comment', true],
    ];
    for (const [platform, path, ownerMayDelete] of cases) {
      // LinkedIn and YouTube send comment activity to the selected organization page or channel.
      const channel = { LINKEDIN: 'Acme Consulting', YOUTUBE: 'Kitchen Lab' }[platform];
      const account = await connectAccount(t, key, teamId, platform, channel ? { channelName: channel } : {});
      const comment = await strangerComment(t, key, account.id, `Hello ${platform}`);
      const response = await send('DELETE', path, key, { teamId, commentId: comment });
      expect(response.status, `${platform} ${response.text}`).toBe(ownerMayDelete ? 200 : 403);
      expect((await items(t, key, account.id, 'COMMENT'))[0]!.deletedAt !== null, platform).toBe(ownerMayDelete);
    }
    // Instagram has no comment edit API: the route does not exist.
    expect((await send('PATCH', '/misc/instagram/comment', key, { teamId, commentId: 'x', text: 'y' })).status).toBe(404);
  });

  it('edits own Mastodon and Reddit replies within the platform’s limits', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const mastodon = await connectAccount(t, key, teamId, 'MASTODON');
    await publish(t, key, teamId, 'MASTODON', { text: 'Thread' }, { firstComment: { MASTODON: 'Reply one' } });
    const reply = (await items(t, key, mastodon.id, 'COMMENT'))[0]!;
    const edited = await send('PATCH', '/misc/mastodon/comment', key, {
      teamId,
      commentId: reply.externalId,
      text: 'Reply one (edited)',
      spoilerText: 'spoilers',
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await items(t, key, mastodon.id, 'COMMENT'))[0]).toMatchObject({ text: 'Reply one (edited)', metadata: { spoilerText: 'spoilers' } });
    expect((await send('PATCH', '/misc/mastodon/comment', key, { teamId, commentId: reply.externalId, text: 'x'.repeat(501) })).status).toBe(400);
    expect((await send('DELETE', '/misc/mastodon/comment', key, { teamId, commentId: reply.externalId })).status).toBe(200);
  });

  it('never reaches another organization’s comments', async () => {
    const a = await t.createOrg('PRO');
    const b = await t.createOrg('PRO');
    const aAccount = await connectAccount(t, a.key, a.teamId, 'INSTAGRAM');
    await connectAccount(t, b.key, b.teamId, 'INSTAGRAM');
    const comment = await strangerComment(t, a.key, aAccount.id);
    expect((await send('DELETE', '/misc/instagram/comment', b.key, { teamId: b.teamId, commentId: comment })).status).toBe(404);
    expect((await send('DELETE', '/misc/instagram/comment', b.key, { teamId: a.teamId, commentId: comment })).status).toBe(404);
    // A team without a TikTok account has nothing to delete with.
    expect((await send('DELETE', '/misc/tiktok/comment', a.key, { teamId: a.teamId, commentId: comment })).status).toBe(404);
    expect((await items(t, a.key, aAccount.id, 'COMMENT'))[0]!.deletedAt).toBeNull();
  });
});
