import { describe, expect, it } from 'vitest';
import { adminCommandSchema } from '../admin/admin-command-schema';
import { runAdminCommand } from '../admin/commands';
import { publishNow } from '../analytics/analytics-test-kit';
import { connectAccount } from '../posts/posts-test-kit';
import { postJobs } from '../posts/posts.jobs';
import { createTestApp } from '../test/test-app';

// Analytics and credits through the hosted service's published client, unchanged.
describe('the bundlesocial client: analytics and credits', { timeout: 120_000 }, async () => {
  const t = await createTestApp({ work: true, workOnly: postJobs });

  it('reads, forces and pages analytics', async () => {
    const org = await t.createOrg('PRO');
    const account = await connectAccount(t, org.key, org.teamId, 'MASTODON');
    const post = await publishNow(t, org.key, org.teamId, { MASTODON: { text: 'Through the client' } });
    const client = await t.bundlesocial(org.key);

    const forcedAccount = await client.analytics.analyticsForceSocialAccountAnalytics({ requestBody: { teamId: org.teamId, platformType: 'MASTODON' } });
    expect(forcedAccount).toMatchObject({ socialAccountId: account.id, forced: true, postCount: 1 });
    const accountHistory = await client.analytics.analyticsGetSocialAccountAnalytics({ teamId: org.teamId, platformType: 'MASTODON' });
    expect(accountHistory.socialAccount.id).toBe(account.id);
    expect(accountHistory.items.map((item) => item.id)).toEqual([forcedAccount.id]);
    const accountRaw = await client.analytics.analyticsGetSocialAccountAnalyticsRaw({ teamId: org.teamId, platformType: 'MASTODON' });
    expect(accountRaw.items[0]).toMatchObject({ analyticsId: forcedAccount.id, forced: true });

    const forcedPost = await client.analytics.analyticsForcePostAnalytics({ requestBody: { postId: post.id, platformType: 'MASTODON' } });
    expect(forcedPost.forced).toBe(true);
    const postHistory = await client.analytics.analyticsGetPostAnalytics({ postId: post.id, platformType: 'MASTODON' });
    expect(postHistory.post?.id).toBe(post.id);
    expect(postHistory.profilePost).toMatchObject({ postId: post.id, internal: true });
    expect(postHistory.items.map((item) => item.id)).toEqual([forcedPost.id]);
    const postRaw = await client.analytics.analyticsGetPostAnalyticsRaw({ postId: post.id, platformType: 'MASTODON' });
    expect(postRaw.items[0]).toMatchObject({ analyticsId: forcedPost.id });

    const bulk = await client.analytics.analyticsGetBulkPostAnalytics({ postIds: [post.id, 'missing'], platformType: 'MASTODON', limit: 1, page: 2 });
    expect(bulk.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });
    expect(bulk.results).toEqual([{ postId: 'missing', items: [], error: 'Post not found' }]);
    const single = await client.analytics.analyticsGetBulkPostAnalytics({ postIds: [post.id], platformType: 'MASTODON' });
    expect(single.results[0]!.items.map((item) => item.id)).toEqual([forcedPost.id]);

    await expect(client.analytics.analyticsGetPostAnalytics({ importedPostId: 'nope' })).rejects.toMatchObject({ status: 404 });
    for (let i = 0; i < 5; i++) await client.analytics.analyticsForcePostAnalytics({ requestBody: { postId: post.id, platformType: 'MASTODON' } });
    await expect(client.analytics.analyticsForcePostAnalytics({ requestBody: { postId: post.id, platformType: 'MASTODON' } })).rejects.toMatchObject({
      status: 429,
      body: { statusCode: 429 },
    });
  });

  it('answers 403 to a FREE organization', async () => {
    const org = await t.createOrg('FREE');
    const client = await t.bundlesocial(org.key);
    await expect(client.analytics.analyticsGetSocialAccountAnalytics({ teamId: org.teamId, platformType: 'MASTODON' })).rejects.toMatchObject({ status: 403 });
  });

  it('reads the credit balance, quotes, and is refused a paid delete without credits', async () => {
    const org = await t.createOrg('PRO');
    await connectAccount(t, org.key, org.teamId, 'TWITTER');
    const client = await t.bundlesocial(org.key);
    expect(await client.credit.creditGetCreditBalance()).toMatchObject({ organizationId: org.organizationId, balanceMicros: 0, lowBalance: true });
    await expect(client.misc.miscTwitterDeleteComment({ requestBody: { teamId: org.teamId, commentId: '1' } })).rejects.toMatchObject({ status: 402 });

    await runAdminCommand(t.services.db, adminCommandSchema.parse({ command: 'add-credits', org: org.organizationId, usd: '5' }));
    const balance = await client.credit.creditGetCreditBalance();
    expect(balance).toMatchObject({ balanceMicros: 5_000_000, availableCents: 500, lowBalance: false });
    const quote = await client.credit.creditQuoteBillableUsage({ requestBody: { teamId: org.teamId, action: 'TWITTER_INTERACTION_DELETE' } });
    expect(quote).toMatchObject({ billable: true, totalMicros: 10_000, wouldExceedBalance: false, currency: 'usd' });
    // With credits, a reply that is not there is a 404, and nothing is charged.
    await expect(client.misc.miscTwitterDeleteComment({ requestBody: { teamId: org.teamId, commentId: '1' } })).rejects.toMatchObject({ status: 404 });
    expect((await client.credit.creditGetCreditBalance()).balanceMicros).toBe(5_000_000);
  });
});
