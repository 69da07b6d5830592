import { describe, expect, it } from 'vitest';
import { waitFor } from '../comments/comments-test-kit';
import { createTestApp } from '../test/test-app';
import { finished, historyOrg } from './post-history-test-kit';
import { postHistoryJobs } from './post-history.jobs';

/** The hosted service's published client, unchanged, against every post history import operation. */
const t = await createTestApp({ work: true, workOnly: postHistoryJobs });

describe('post history import through the bundlesocial client', { timeout: 120_000 }, () => {
  it('starts, lists, reads, retries an import, lists and deletes imported posts, reads import usage', async () => {
    const org = await historyOrg(t, 'PRO', 'INSTAGRAM');
    await org.seed(6);
    const client = await t.bundlesocial(org.key);
    await org.fault({ kind: 'PERMANENT', message: 'Try again', count: 1 });
    const job = await client.postImport.postImportCreate({
      requestBody: { teamId: org.teamId, socialAccountType: 'INSTAGRAM', count: 4, importCarousels: true },
    });
    expect(job).toMatchObject({ status: 'PENDING', requestedCount: 4, importCarousels: true, withAnalytics: true });
    const failed = await waitFor(
      () => client.postImport.postImportGetById({ importId: job.id }),
      (item) => finished(item.status),
    );
    expect(failed.status).toBe('FAILED');
    expect((await client.postImport.postImportRetryImport({ importId: job.id, requestBody: { teamId: org.teamId } })).status).toBe('PENDING');
    const done = await waitFor(
      () => client.postImport.postImportGetById({ importId: job.id }),
      (item) => finished(item.status),
    );
    expect(done).toMatchObject({ status: 'COMPLETED', postsImported: 4, analyticsImported: 4 });
    const list = await client.postImport.postImportGetStatus({ teamId: org.teamId, socialAccountType: 'INSTAGRAM' });
    expect(list.imports.map((item) => item.id)).toEqual([job.id]);
    const posts = await client.postImport.postImportGetImportedPosts({ teamId: org.teamId, socialAccountType: 'INSTAGRAM', limit: 2 });
    expect(posts).toMatchObject({ total: 4, limit: 100, remainingCapacity: 96 });
    expect(posts.posts).toHaveLength(2);
    expect(posts.posts[0]!.analytics).toHaveLength(1);
    const usage = await client.organization.organizationGetImportsUsage({ teamId: org.teamId });
    expect(usage.socialAccounts).toEqual([expect.objectContaining({ id: org.account.id, used: 4, limit: 100, remaining: 96 })]);
    const deleted = await client.postImport.postImportDeleteImportedPosts({ requestBody: { teamId: org.teamId, postIds: [posts.posts[0]!.id] } });
    expect(deleted).toEqual({ deletedCount: 1 });
    await expect(client.postImport.postImportGetById({ importId: 'missing' })).rejects.toMatchObject({ status: 404 });
  });
});
