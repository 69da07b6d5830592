import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments } from '../db/schema/comments';
import { outboxEvents } from '../db/schema/events';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount, inDays } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { commentJobs } from './comments.jobs';
import { publishedPost, sandboxComments, waitFor, waitForComment } from './comments-test-kit';
import { sweepDueComments } from './sweep-due-comments';

const t = await createTestApp({ work: true, workOnly: [...postJobs, ...commentJobs], env: { PUBLISH_RETRY_BASE_SECONDS: '0.5' } });

async function setup(plan: 'FREE' | 'PRO' | 'BUSINESS' = 'PRO') {
  const org = await t.createOrg(plan);
  const mastodon = await connectAccount(t, org.key, org.teamId, 'MASTODON');
  const post = await publishedPost(t, org.key, org.teamId, { MASTODON: { text: 'Hello' } });
  return { ...org, mastodon, post };
}

const comment = (teamId: string, postId: string, extra: Record<string, unknown> = {}) => ({
  teamId,
  internalPostId: postId,
  socialAccountTypes: ['MASTODON'],
  data: { MASTODON: { text: 'Thanks for reading!' } },
  ...extra,
});

async function fault(key: string, body: Record<string, unknown>) {
  const response = await t.request('POST', '/sandbox/faults', { key, body });
  expect(response.status, response.text).toBe(200);
}

describe('scheduled comments', { timeout: 180_000 }, () => {
  it('publishes a comment and a reply under a published post, charges the quotas and emits comment.published', async () => {
    const { key, teamId, organizationId, mastodon, post } = await setup();
    const created = await t.request('POST', '/comment', { key, body: comment(teamId, post.id) });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({ status: 'SCHEDULED', internalPostId: post.id, socialAccountTypes: ['MASTODON'], title: 'Thanks for reading!' });
    const done = await waitForComment(t, key, created.json.id);
    expect(done.status).toBe('POSTED');
    expect(done.postedDate).toBeTruthy();

    const reply = await t.request('POST', '/comment', {
      key,
      body: comment(teamId, post.id, { internalParentCommentId: done.id, data: undefined, text: 'And a reply' }),
    });
    expect(reply.status, reply.text).toBe(200);
    const replied = await waitForComment(t, key, reply.json.id);
    expect(replied.status).toBe('POSTED');

    const onPlatform = await sandboxComments(t, key, mastodon.id);
    expect(onPlatform.total).toBe(2);
    const first = onPlatform.items.find((item) => item.externalId === done.externalData.MASTODON.id)!;
    const second = onPlatform.items.find((item) => item.externalId === replied.externalData.MASTODON.id)!;
    expect(first.text).toBe('Thanks for reading!');
    expect(second.parentId).toBe(first.id);
    // The account comments as itself, not as the people who comment on it.
    expect(second.authorUsername).toBe(first.authorUsername);

    const limits = await t.request('GET', `/organization/usage/daily-limits?socialAccountId=${mastodon.id}`, { key });
    expect(limits.json.comments).toMatchObject({ used: 2, limit: 50 });
    const usage = await t.request('GET', '/organization/usage/comments', { key });
    expect(usage.json).toEqual({ used: 2, limit: 5000, remaining: 4998 });
    const events = await t.services.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, organizationId), eq(outboxEvents.type, 'comment.published')));
    expect(events.map((event) => (event.data as { id: string }).id).sort()).toEqual([done.id, replied.id].sort());

    const listed = await t.request('GET', `/comment?teamId=${teamId}&postId=${post.id}&q=reply`, { key });
    expect(listed.json.total).toBe(1);
    expect(listed.json.items[0].id).toBe(replied.id);
  });

  it('refuses what the platforms and the spec do not allow, with clear errors', async () => {
    const { key, teamId, post } = await setup();
    const twitter = await t.request('POST', '/comment', {
      key,
      body: comment(teamId, post.id, { socialAccountTypes: ['TWITTER'], data: { TWITTER: { text: 'x' } } }),
    });
    expect(twitter.status).toBe(400);
    expect(twitter.json.message).toMatch(/cannot be created on X/i);
    for (const platform of ['PINTEREST', 'GOOGLE_BUSINESS']) {
      const refused = await t.request('POST', '/comment', {
        key,
        body: comment(teamId, post.id, { socialAccountTypes: [platform], data: undefined, text: 'x' }),
      });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toMatch(/cannot be created/);
    }
    expect((await t.request('POST', '/comment', { key, body: comment(teamId, 'missing-post') })).status).toBe(404);
    expect((await t.request('POST', '/comment', { key, body: { teamId, importedPostId: 'nope', text: 'x' } })).status).toBe(404);

    const later = await t.request('POST', '/post', {
      key,
      body: { teamId, title: 'Later', postDate: inDays(2), socialAccountTypes: ['MASTODON'], data: { MASTODON: { text: 'Soon' } } },
    });
    const unpublished = await t.request('POST', '/comment', { key, body: comment(teamId, later.json.id) });
    expect(unpublished.status).toBe(400);
    expect(unpublished.json.message).toMatch(/not published on Mastodon yet/);
    await t.request('DELETE', `/post/${later.json.id}`, { key });
    expect((await t.request('POST', '/comment', { key, body: comment(teamId, later.json.id) })).status).toBe(404);

    const noText = await t.request('POST', '/comment', { key, body: comment(teamId, post.id, { data: { MASTODON: {} } }) });
    expect(noText.status).toBe(400);
    expect(noText.json.issues[0].path).toEqual(['data', 'MASTODON', 'text']);
  });

  it('holds TikTok comments to 1,200 characters', async () => {
    const org = await t.createOrg('PRO');
    await connectAccount(t, org.key, org.teamId, 'TIKTOK');
    const video = await (await import('../posts/posts-test-kit')).uploadMedia(t, org.key, 'vertical-3s.mp4');
    const post = await publishedPost(t, org.key, org.teamId, { TIKTOK: { type: 'VIDEO', uploadIds: [video.id], privacy: 'PUBLIC_TO_EVERYONE' } });
    const body = (text: string) => ({ teamId: org.teamId, internalPostId: post.id, socialAccountTypes: ['TIKTOK'], data: { TIKTOK: { text } } });
    const tooLong = await t.request('POST', '/comment', { key: org.key, body: body('a'.repeat(1201)) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toMatch(/1200 characters/);
    const fits = await t.request('POST', '/comment', { key: org.key, body: body('a'.repeat(1200)) });
    expect(fits.status, fits.text).toBe(200);
    expect((await waitForComment(t, org.key, fits.json.id)).status).toBe('POSTED');
  });

  it('never duplicates a comment when the platform took it but its answer was lost', async () => {
    const { key, teamId, mastodon, post } = await setup();
    // The platform stores the comment, then the answer times out: the worker must adopt it on retry.
    await fault(key, { type: 'MASTODON', operation: 'publishing.comment.response', kind: 'TRANSIENT', count: 2 });
    const created = await t.request('POST', '/comment', { key, body: comment(teamId, post.id) });
    const done = await waitForComment(t, key, created.json.id);
    expect(done.status).toBe('POSTED');
    const onPlatform = await sandboxComments(t, key, mastodon.id);
    expect(onPlatform.total).toBe(1);
    expect(onPlatform.items[0]!.externalId).toBe(done.externalData.MASTODON.id);
  });

  it('stops on a permanent refusal; the retry route publishes once', async () => {
    const { key, teamId, mastodon, post } = await setup();
    await fault(key, { type: 'MASTODON', operation: 'publishing.comment', kind: 'PERMANENT', message: 'Comment refused', count: 1 });
    const created = await t.request('POST', '/comment', { key, body: comment(teamId, post.id) });
    const failed = await waitForComment(t, key, created.json.id);
    expect(failed.status).toBe('ERROR');
    expect(failed.errors.MASTODON).toBe('Comment refused');
    expect((await sandboxComments(t, key, mastodon.id)).total).toBe(0);
    const client = await t.bundlesocial(key);
    const retried = await client.comment.commentRetry({ id: created.json.id });
    expect(retried.status).toBe('SCHEDULED');
    expect((await waitForComment(t, key, created.json.id)).status).toBe('POSTED');
    expect((await sandboxComments(t, key, mastodon.id)).total).toBe(1);
    const again = await t.request('POST', `/comment/${created.json.id}/retry`, { key });
    expect(again.status).toBe(409);
  });

  it('edits and deletes unpublished comments; deleting gives the day back but the month keeps it', async () => {
    const { key, teamId, mastodon, post } = await setup();
    const later = await t.request('POST', '/comment', { key, body: comment(teamId, post.id, { postDate: inDays(1) }) });
    expect(later.json.status).toBe('SCHEDULED');
    const edited = await t.request('PATCH', `/comment/${later.json.id}`, { key, body: { text: 'Edited text' } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.data.MASTODON.text).toBe('Edited text');
    const day = inDays(1).slice(0, 10);
    const limits = () => t.request('GET', `/organization/usage/daily-limits?socialAccountId=${mastodon.id}&date=${day}`, { key });
    expect((await limits()).json.comments.used).toBe(1);
    const deleted = await t.request('DELETE', `/comment/${later.json.id}`, { key });
    expect(deleted.json.status).toBe('DELETED');
    expect((await limits()).json.comments.used).toBe(0);
    expect((await t.request('GET', '/organization/usage/comments', { key })).json.used).toBe(1);
    expect((await t.request('PATCH', `/comment/${later.json.id}`, { key, body: { text: 'x' } })).status).toBe(404);
  });
});

describe('comments on what is only partly there', { timeout: 180_000 }, () => {
  it('keeps the day charged where a comment was published when it is deleted after failing elsewhere', async () => {
    const { key, teamId, mastodon } = await setup();
    const bluesky = await connectAccount(t, key, teamId, 'BLUESKY');
    const post = await publishedPost(t, key, teamId, { MASTODON: { text: 'Both' }, BLUESKY: { text: 'Both' } });
    await fault(key, { type: 'BLUESKY', operation: 'publishing.comment', kind: 'PERMANENT', message: 'Reply refused', count: 1 });
    const created = await t.request('POST', '/comment', {
      key,
      body: { teamId, internalPostId: post.id, socialAccountTypes: ['MASTODON', 'BLUESKY'], text: 'Thanks!' },
    });
    expect(created.status, created.text).toBe(200);
    expect((await waitForComment(t, key, created.json.id)).status).toBe('ERROR');
    const day = new Date().toISOString().slice(0, 10);
    const used = async (accountId: string) =>
      (await t.request('GET', `/organization/usage/daily-limits?socialAccountId=${accountId}&date=${day}`, { key })).json.comments.used;
    expect([await used(mastodon.id), await used(bluesky.id)]).toEqual([1, 1]);

    expect((await t.request('DELETE', `/comment/${created.json.id}`, { key })).status).toBe(200);
    // The comment stays on Mastodon, so its charge does; Bluesky never got it.
    expect([await used(mastodon.id), await used(bluesky.id)]).toEqual([1, 0]);
  });

  it("merges a PATCH of one platform's text over the others, and drops a platform cleanly", async () => {
    const { key, teamId } = await setup();
    await connectAccount(t, key, teamId, 'BLUESKY');
    const post = await publishedPost(t, key, teamId, { MASTODON: { text: 'Both' }, BLUESKY: { text: 'Both' } });
    const created = await t.request('POST', '/comment', {
      key,
      body: { teamId, internalPostId: post.id, postDate: inDays(1), data: { MASTODON: { text: 'Toot reply' }, BLUESKY: { text: 'Skeet reply' } } },
    });
    expect(created.status, created.text).toBe(200);
    const one = await t.request('PATCH', `/comment/${created.json.id}`, { key, body: { data: { MASTODON: { text: 'Edited toot' } } } });
    expect(one.status, one.text).toBe(200);
    expect(one.json.data).toEqual({ MASTODON: { text: 'Edited toot' }, BLUESKY: { text: 'Skeet reply' } });
    const dropped = await t.request('PATCH', `/comment/${created.json.id}`, { key, body: { socialAccountTypes: ['BLUESKY'] } });
    expect(dropped.status, dropped.text).toBe(200);
    expect(dropped.json).toMatchObject({ socialAccountTypes: ['BLUESKY'], data: { BLUESKY: { text: 'Skeet reply' } } });
    expect(dropped.json.data.MASTODON).toBeUndefined();
  });

  it('publishes a comment whose worker died mid-publish once its claim runs out', async () => {
    const { key, teamId, mastodon, post } = await setup();
    const created = await t.request('POST', '/comment', { key, body: comment(teamId, post.id, { postDate: inDays(1) }) });
    expect(created.status, created.text).toBe(200);
    // What a crashed worker leaves: claimed, PROCESSING, its claim already over, no job coming.
    const past = new Date(Date.now() - 120_000);
    await t.services.db
      .update(comments)
      .set({ status: 'PROCESSING', claimedBy: 'a-dead-job', claimedUntil: past, postDate: past, dueAt: past })
      .where(eq(comments.id, created.json.id));
    expect(await sweepDueComments(t.services)).toBeGreaterThanOrEqual(1);
    expect((await waitForComment(t, key, created.json.id)).status).toBe('POSTED');
    expect((await sandboxComments(t, key, mastodon.id)).total).toBe(1);
  });

  it('refuses a comment on a post with no platform that takes comments, and on a publication deleted from the platform', async () => {
    const { key, teamId, post } = await setup();
    await connectAccount(t, key, teamId, 'TWITTER');
    const xOnly = await publishedPost(t, key, teamId, { TWITTER: { text: 'X only' } });
    for (const body of [
      { teamId, internalPostId: xOnly.id, text: 'Hi' },
      { teamId, internalPostId: xOnly.id, text: 'Hi', data: {} },
    ]) {
      const refused = await t.request('POST', '/comment', { key, body });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.message).toMatch(/no platform where comments can be created/);
    }
    expect((await t.request('GET', `/comment?teamId=${teamId}&postId=${xOnly.id}`, { key })).json.total).toBe(0);

    const removed = await t.request('DELETE', '/misc/mastodon/status', { key, body: { teamId, postId: post.id } });
    expect(removed.status, removed.text).toBe(200);
    const onDeleted = await t.request('POST', '/comment', { key, body: comment(teamId, post.id) });
    expect(onDeleted.status).toBe(400);
    expect(onDeleted.json.message).toMatch(/deleted from Mastodon/);
  });
});

describe('first comments', { timeout: 180_000 }, () => {
  it('appear as comment records and emit comment.published', async () => {
    const org = await t.createOrg('PRO');
    await connectAccount(t, org.key, org.teamId, 'MASTODON');
    const created = await t.request('POST', '/post', {
      key: org.key,
      body: {
        teamId: org.teamId,
        title: 'With first comment',
        postDate: new Date().toISOString(),
        socialAccountTypes: ['MASTODON'],
        data: { MASTODON: { text: 'Hi' } },
        firstComment: { MASTODON: 'Link in here' },
      },
    });
    const listed = await waitFor(
      () => t.request('GET', `/comment?teamId=${org.teamId}&postId=${created.json.id}`, { key: org.key }),
      (response) => response.json.total > 0,
    );
    expect(listed.json.items).toHaveLength(1);
    expect(listed.json.items[0]).toMatchObject({ status: 'POSTED', internalPostId: created.json.id, data: { MASTODON: { text: 'Link in here' } } });
    const post = await t.request('GET', `/post/${created.json.id}`, { key: org.key });
    expect(listed.json.items[0].externalData.MASTODON.id).toBe(post.json.externalData.MASTODON.firstCommentId);
    const events = await t.services.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, org.organizationId), eq(outboxEvents.type, 'comment.published')));
    expect(events).toHaveLength(1);
    // First comments belong to their post: no comment quota is used.
    expect((await t.request('GET', '/organization/usage/comments', { key: org.key })).json.used).toBe(0);
  });
});

describe('comment quotas', { timeout: 180_000 }, () => {
  it('stops the 4th comment of a FREE account on one UTC day, and counts drafts nowhere', async () => {
    const { key, teamId, mastodon, post } = await setup('FREE');
    const tomorrow = inDays(1);
    for (let i = 0; i < 3; i++) {
      const ok = await t.request('POST', '/comment', { key, body: comment(teamId, post.id, { postDate: tomorrow }) });
      expect(ok.status, ok.text).toBe(200);
    }
    const fourth = await t.request('POST', '/comment', { key, body: comment(teamId, post.id, { postDate: tomorrow }) });
    expect(fourth.status).toBe(403);
    expect(fourth.json.message).toMatch(/Daily comment limit reached .* 3 comments per UTC day on the FREE plan/);
    const draft = await t.request('POST', '/comment', { key, body: comment(teamId, post.id, { postDate: tomorrow, status: 'DRAFT' }) });
    expect(draft.status).toBe(200);
    const nextDay = await t.request('POST', '/comment', { key, body: comment(teamId, post.id, { postDate: inDays(2) }) });
    expect(nextDay.status).toBe(200);
    const limits = await t.request('GET', `/organization/usage/daily-limits?socialAccountId=${mastodon.id}&date=${tomorrow}`, { key });
    expect(limits.json.comments).toEqual({ used: 3, limit: 3, remaining: 0 });
    expect((await t.request('GET', '/organization/usage/comments', { key })).json).toEqual({ used: 4, limit: 50, remaining: 46 });
    // Scheduling the draft would make the day's 4th comment.
    expect((await t.request('PATCH', `/comment/${draft.json.id}`, { key, body: { status: 'SCHEDULED' } })).status).toBe(403);
  });

  it('stops the 51st comment of a FREE organization in a month', async () => {
    const { key, teamId, post } = await setup('FREE');
    // 3 a day per account: spread 50 over 17 days.
    for (let i = 0; i < 50; i++) {
      const ok = await t.request('POST', '/comment', { key, body: comment(teamId, post.id, { postDate: inDays(1 + Math.floor(i / 3)) }) });
      expect(ok.status, ok.text).toBe(200);
    }
    const over = await t.request('POST', '/comment', { key, body: comment(teamId, post.id, { postDate: inDays(20) }) });
    expect(over.status).toBe(403);
    expect(over.json.message).toMatch(/Monthly comment limit reached: 50 comments per month on the FREE plan/);
    expect((await t.request('GET', '/organization/usage/comments', { key })).json).toEqual({ used: 50, limit: 50, remaining: 0 });
  });
});
