import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCommandSchema } from '../admin/admin-command-schema';
import { runAdminCommand } from '../admin/commands';
import { accountAnalytics, postAnalytics } from '../db/schema/analytics';
import { connectAccount } from '../posts/posts-test-kit';
import { postJobs } from '../posts/posts.jobs';
import { createTestApp } from '../test/test-app';
import { analyticsJobs } from './analytics.jobs';
import { publishNow } from './analytics-test-kit';
import { sweepDueAnalytics } from './background-refresh';

const t = await createTestApp({ work: true, workOnly: [...postJobs, ...analyticsJobs] });

const settings = (org: string, options: Record<string, string>) =>
  runAdminCommand(t.services.db, adminCommandSchema.parse({ command: 'analytics-settings', org, ...options }));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('background analytics refresh', { timeout: 120_000 }, () => {
  it('snapshots accounts and published posts on the organization interval, and skips FREE and disabled ones', async () => {
    const pro = await t.createOrg('PRO');
    await connectAccount(t, pro.key, pro.teamId, 'MASTODON');
    const accountHistory = () => t.request('GET', `/analytics/social-account?teamId=${pro.teamId}&platformType=MASTODON`, { key: pro.key });
    // An account's first snapshot is taken when it connects (decision 084), before anything is posted.
    expect((await waitFor(accountHistory, (response) => response.json.items.length > 0)).json.items[0]).toMatchObject({ forced: false, postCount: 0 });
    const post = await publishNow(t, pro.key, pro.teamId, { MASTODON: { text: 'Background' } });
    const free = await t.createOrg('FREE');
    const freeAccount = await connectAccount(t, free.key, free.teamId, 'MASTODON');
    // Analytics off before the account connects: connecting queues a first snapshot at once, which
    // would otherwise race the switch (and win on a fast database).
    const quiet = await t.createOrg('BUSINESS');
    const set = await settings(quiet.organizationId, { accounts: 'off', posts: 'off' });
    expect(set.json).toMatchObject({ analyticsDisabled: true, analyticsPostsDisabled: true });
    const quietAccount = await connectAccount(t, quiet.key, quiet.teamId, 'MASTODON');
    expect((await t.request('GET', '/organization', { key: quiet.key })).json).toMatchObject({
      analyticsDisabled: true,
      analyticsPostsDisabled: true,
      analyticsInterval: null,
    });

    // The account is not due again yet; the post (its first snapshot waits ANALYTICS_FIRST_POST_SNAPSHOT_SECONDS) is.
    expect(await sweepDueAnalytics(t.services)).toEqual({ accounts: 0, posts: 1 });
    const postHistory = () => t.request('GET', `/analytics/post?postId=${post.id}&platformType=MASTODON`, { key: pro.key });
    expect((await accountHistory()).json.items).toHaveLength(1);
    const posted = await waitFor(postHistory, (response) => response.json.items.length > 0);
    expect(posted.json.items[0]).toMatchObject({ forced: false });
    expect(posted.json.profilePost).toMatchObject({ postId: post.id, internal: true });

    const snapshotsOf = async (socialAccountId: string) =>
      (
        await t.services.db
          .select()
          .from(accountAnalytics)
          .where(sql`${accountAnalytics.socialAccountId} = ${socialAccountId}`)
      ).length;
    expect(await snapshotsOf(freeAccount.id)).toBe(0);
    expect(await snapshotsOf(quietAccount.id)).toBe(0);

    // Within the interval nothing is due again; once the snapshots are older than it, they are.
    const again = await sweepDueAnalytics(t.services);
    expect(again).toEqual({ accounts: 0, posts: 0 });
    await settings(pro.organizationId, { interval: '2', postsInterval: '3' });
    await t.services.db.execute(sql`update ${accountAnalytics} set created_at = now() - interval '90 minutes'`);
    await t.services.db.execute(sql`update ${postAnalytics} set created_at = now() - interval '150 minutes'`);
    expect(await sweepDueAnalytics(t.services)).toEqual({ accounts: 0, posts: 0 });
    await t.services.db.execute(sql`update ${accountAnalytics} set created_at = now() - interval '121 minutes'`);
    await t.services.db.execute(sql`update ${postAnalytics} set created_at = now() - interval '181 minutes'`);
    expect(await sweepDueAnalytics(t.services)).toEqual({ accounts: 1, posts: 1 });
    const charted = await waitFor(postHistory, (response) => response.json.items.length > 1);
    expect(charted.json.items).toHaveLength(2);
    expect((await waitFor(accountHistory, (response) => response.json.items.length > 1)).json.items).toHaveLength(2);
  });
});
