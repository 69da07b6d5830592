import { describe, expect, it } from 'vitest';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { commentJobs } from './comments.jobs';
import { publishedPost, waitFor } from './comments-test-kit';

// No ingest worker here: fetched comments come only from import runs.
// Transient failures back off from 0.1 s instead of 1 s: the retries, not the waiting, are under test.
const t = await createTestApp({ work: true, workOnly: [...postJobs, ...commentJobs], env: { IMPORT_RETRY_BASE_SECONDS: '0.1' } });

async function setup(plan: 'FREE' | 'PRO', type = 'MASTODON', extra: Record<string, unknown> = {}) {
  const org = await t.createOrg(plan);
  const account = await connectAccount(t, org.key, org.teamId, type, extra);
  const post = await publishedPost(t, org.key, org.teamId, { [type]: { text: 'Tell us what you think' } });
  const say = async (text: string) => {
    const response = await t.request('POST', '/sandbox/inbound/comment', { key: org.key, body: { socialAccountId: account.id, text } });
    expect(response.status, response.text).toBe(200);
  };
  const runImport = async () => {
    const started = await t.request('POST', '/comment/import', { key: org.key, body: { teamId: org.teamId, postId: post.id, socialAccountType: type } });
    expect(started.status, started.text).toBe(201);
    return started.json as { id: string; status: string };
  };
  const run = (id: string) => t.request('GET', `/comment/import/${id}`, { key: org.key });
  const fetched = (limit = 100) => t.request('GET', `/comment/import/comments?teamId=${org.teamId}&postId=${post.id}&limit=${limit}`, { key: org.key });
  return { ...org, account, post, say, runImport, run, fetched };
}

const finished = (response: { json: { status: string } }) => ['COMPLETED', 'FAILED'].includes(response.json.status);

describe('comment imports', { timeout: 120_000 }, () => {
  it('store the newest 25 comments per run on FREE', async () => {
    const { say, runImport, run, fetched, key, teamId, post } = await setup('FREE');
    for (let i = 1; i <= 30; i++) await say(`Comment ${i}`);
    const started = await runImport();
    expect(started.status).toBe('PENDING');
    const done = await waitFor(() => run(started.id), finished);
    expect(done.json).toMatchObject({ status: 'COMPLETED', commentsImported: 25, postId: post.id, platform: 'MASTODON' });
    expect(done.json.startedAt).toBeTruthy();
    const list = await fetched();
    expect(list.json.total).toBe(25);
    const texts = list.json.items.map((item: { text: string }) => item.text);
    expect(texts).toContain('Comment 30');
    expect(texts).not.toContain('Comment 5');
    expect(list.json.items[0].authorName).toBeTruthy();
    const runs = await t.request('GET', `/comment/import?teamId=${teamId}&postId=${post.id}`, { key });
    expect(runs.json.imports.map((item: { id: string }) => item.id)).toEqual([started.id]);
  });

  it('waits out a platform rate limit, then completes', async () => {
    const { say, runImport, run, fetched, key } = await setup('PRO');
    await say('Hello');
    await t.request('POST', '/sandbox/faults', {
      key,
      body: { type: 'MASTODON', operation: 'comments.list', kind: 'RATE_LIMITED', retryAfterSeconds: 2, count: 1 },
    });
    const started = await runImport();
    const limited = await waitFor(
      () => run(started.id),
      (response) => response.json.status !== 'PENDING' && response.json.status !== 'FETCHING',
    );
    expect(limited.json.status).toBe('RATE_LIMITED');
    expect(Date.parse(limited.json.rateLimitResetAt)).toBeGreaterThan(Date.now() - 5000);
    expect((await waitFor(() => run(started.id), finished)).json.status).toBe('COMPLETED');
    expect((await fetched()).json.total).toBe(1);
  });

  it('refuses platforms without comment imports and posts not published there', async () => {
    const { key, teamId, post } = await setup('PRO');
    const twitter = await t.request('POST', '/comment/import', { key, body: { teamId, postId: post.id, socialAccountType: 'PINTEREST' } });
    expect(twitter.status).toBe(400);
    expect(twitter.json.message).toMatch(/cannot be imported from Pinterest/);
    const elsewhere = await t.request('POST', '/comment/import', { key, body: { teamId, postId: post.id, socialAccountType: 'BLUESKY' } });
    expect(elsewhere.status).toBe(400);
    expect((await t.request('POST', '/comment/import', { key, body: { teamId, postId: 'nope', socialAccountType: 'MASTODON' } })).status).toBe(404);
    expect((await t.request('POST', '/comment/import', { key, body: { teamId, importedPostId: 'nope', socialAccountType: 'MASTODON' } })).status).toBe(404);
  });
});

describe('actions on fetched comments', { timeout: 120_000 }, () => {
  it('follow Mastodon rules: like anyone, delete only our own, never hide', async () => {
    const { say, runImport, run, fetched, key, teamId, post, account } = await setup('PRO');
    await say('Nice toot');
    const ours = await t.request('POST', '/comment', { key, body: { teamId, internalPostId: post.id, text: 'Thanks!' } });
    await waitFor(
      () => t.request('GET', `/comment/${ours.json.id}`, { key }),
      (response) => response.json.status === 'POSTED',
    );
    const importRun = await runImport();
    await waitFor(() => run(importRun.id), finished);
    const items = (await fetched()).json.items as { id: string; text: string; platformData: Record<string, unknown> }[];
    const theirs = items.find((item) => item.text === 'Nice toot')!;
    const mine = items.find((item) => item.text === 'Thanks!')!;
    expect(mine.platformData).toMatchObject({ owner: true, canDelete: true, canHide: false });
    expect(theirs.platformData).toMatchObject({ owner: false, canDelete: false, canLike: true });

    const act = (id: string, action: string) => t.request('POST', `/comment/import/comments/${id}/action`, { key, body: { teamId, action } });
    const liked = await act(theirs.id, 'LIKE');
    expect(liked.status, liked.text).toBe(200);
    expect(liked.json).toMatchObject({ success: true, item: { likesCount: 1, platformData: { likedByMe: true } } });
    expect((await act(theirs.id, 'LIKE')).status).toBe(400);
    const hide = await act(theirs.id, 'HIDE');
    expect(hide.status).toBe(400);
    expect(hide.json.message).toMatch(/Mastodon does not allow HIDE/);
    const deleteTheirs = await act(theirs.id, 'DELETE');
    expect(deleteTheirs.status).toBe(400);
    expect(deleteTheirs.json.message).toMatch(/only its own comments/);
    expect((await act(mine.id, 'DELETE')).status).toBe(200);

    const onPlatform = (await t.request('GET', `/sandbox/items?socialAccountId=${account.id}&kind=COMMENT`, { key })).json.items as {
      text: string;
      likedByOwner: boolean;
      deletedAt: string | null;
    }[];
    expect(onPlatform.find((item) => item.text === 'Nice toot')).toMatchObject({ likedByOwner: true, deletedAt: null });
    expect(onPlatform.find((item) => item.text === 'Thanks!')!.deletedAt).toBeTruthy();
    expect((await fetched()).json.total).toBe(1);
  });

  it('let a Facebook page hide and delete anyone’s comment', async () => {
    const { say, runImport, run, fetched, key, teamId, account } = await setup('PRO', 'FACEBOOK', { channelName: 'Corner Bakery' });
    await say('Where is the shop?');
    await say('Spam spam');
    const importRun = await runImport();
    await waitFor(() => run(importRun.id), finished);
    const items = (await fetched()).json.items as { id: string; text: string }[];
    const act = (id: string, action: string) => t.request('POST', `/comment/import/comments/${id}/action`, { key, body: { teamId, action } });
    const hidden = await act(items.find((item) => item.text === 'Where is the shop?')!.id, 'HIDE');
    expect(hidden.json.item.platformData.hidden).toBe(true);
    expect((await act(items.find((item) => item.text === 'Spam spam')!.id, 'DELETE')).status).toBe(200);
    expect((await act(items[0]!.id, 'APPROVE')).status).toBe(400);
    const onPlatform = (await t.request('GET', `/sandbox/items?socialAccountId=${account.id}&kind=COMMENT`, { key })).json.items as {
      text: string;
      hiddenAt: string | null;
      deletedAt: string | null;
    }[];
    expect(onPlatform.find((item) => item.text === 'Where is the shop?')!.hiddenAt).toBeTruthy();
    expect(onPlatform.find((item) => item.text === 'Spam spam')!.deletedAt).toBeTruthy();
  });
});
