import { describe, expect, it } from 'vitest';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount, inDays } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { commentJobs } from './comments.jobs';
import { publishedPost, waitFor } from './comments-test-kit';

/** The hosted service's published client, unchanged, against every comment operation. */
const t = await createTestApp({ work: true, workOnly: [...postJobs, ...commentJobs, dispatchInboundEventJob] });

describe('comments through the bundlesocial client', { timeout: 120_000 }, () => {
  it('creates, lists, edits, deletes and retries comments, imports and moderates fetched ones', async () => {
    const { key, teamId } = await t.createOrg('PRO', ['dms']);
    const account = await connectAccount(t, key, teamId, 'BLUESKY');
    const post = await publishedPost(t, key, teamId, { BLUESKY: { text: 'Launch day' } });
    const client = await t.bundlesocial(key);

    const draft = await client.comment.commentCreate({
      requestBody: {
        teamId,
        internalPostId: post.id,
        status: 'DRAFT',
        postDate: inDays(1),
        socialAccountTypes: ['BLUESKY'],
        data: { BLUESKY: { text: 'Draft reply' } },
      },
    });
    expect(draft).toMatchObject({ status: 'DRAFT', internalPostId: post.id, data: { BLUESKY: { text: 'Draft reply' } } });
    expect((await client.comment.commentGet({ id: draft.id })).id).toBe(draft.id);
    const updated = await client.comment.commentUpdate({
      id: draft.id,
      requestBody: { status: 'SCHEDULED', postDate: new Date().toISOString(), text: 'We are live!' },
    });
    expect(updated.status).toBe('SCHEDULED');
    const posted = await waitFor(
      () => client.comment.commentGet({ id: draft.id }),
      (comment) => comment.status === 'POSTED',
    );
    expect(posted.externalData?.BLUESKY?.id).toBeTruthy();
    const list = await client.comment.commentGetList({ teamId, postId: post.id, platforms: ['BLUESKY'], status: 'POSTED' });
    expect(list.items.map((item) => item.id)).toEqual([draft.id]);
    expect(await client.organization.organizationGetCommentsUsage()).toEqual({ used: 1, limit: 5000, remaining: 4999 });

    const removable = await client.comment.commentCreate({ requestBody: { teamId, internalPostId: post.id, postDate: inDays(2), text: 'Later' } });
    expect((await client.comment.commentDelete({ id: removable.id })).status).toBe('DELETED');
    await expect(client.comment.commentRetry({ id: draft.id })).rejects.toMatchObject({ status: 409 });
    await expect(client.comment.commentCreate({ requestBody: { teamId, internalPostId: 'missing', text: 'x' } })).rejects.toMatchObject({ status: 404 });

    await t.request('POST', '/sandbox/inbound/comment', { key, body: { socialAccountId: account.id, text: 'Congrats!' } });
    const run = await client.comment.commentImportCreate({ requestBody: { teamId, postId: post.id, socialAccountType: 'BLUESKY' } });
    const done = await waitFor(
      () => client.comment.commentImportGetById({ importId: run.id }),
      (item) => item.status === 'COMPLETED' || item.status === 'FAILED',
    );
    expect(done).toMatchObject({ status: 'COMPLETED', commentsImported: 2 });
    expect((await client.comment.commentImportGetList({ teamId, postId: post.id })).imports.map((item) => item.id)).toContain(run.id);
    const fetched = await client.comment.commentImportGetFetchedComments({ teamId, postId: post.id });
    expect(fetched.total).toBe(2);
    const theirs = fetched.items.find((item) => item.text === 'Congrats!')!;
    expect(theirs.authorExternalId).toBeTruthy();
    const liked = await client.comment.commentImportActionFetchedComment({ commentId: theirs.id, requestBody: { teamId, action: 'LIKE' } });
    expect(liked).toMatchObject({ success: true, item: { id: theirs.id, likesCount: 1 } });
    await expect(client.comment.commentImportActionFetchedComment({ commentId: theirs.id, requestBody: { teamId, action: 'HIDE' } })).rejects.toMatchObject({
      status: 400,
    });

    // The reply goes under the fetched comment, on the platform.
    const reply = await client.comment.commentCreate({
      requestBody: { teamId, internalPostId: post.id, fetchedParentCommentId: theirs.id, text: 'Thank you!' },
    });
    const replied = await waitFor(
      () => client.comment.commentGet({ id: reply.id }),
      (comment) => comment.status === 'POSTED' || comment.status === 'ERROR',
    );
    expect(replied.status).toBe('POSTED');
    const items = (await t.request('GET', `/sandbox/items?socialAccountId=${account.id}&kind=COMMENT`, { key })).json.items as {
      id: string;
      externalId: string;
      text: string;
      parentId: string;
    }[];
    const parent = items.find((item) => item.externalId === theirs.externalId)!;
    expect(items.find((item) => item.text === 'Thank you!')!.parentId).toBe(parent.id);
  });
});
