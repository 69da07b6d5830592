import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountAnalytics } from '../db/schema/analytics';
import { connectAccount } from '../posts/posts-test-kit';
import { postJobs } from '../posts/posts.jobs';
import { createTestApp } from '../test/test-app';
import { analyticsJobs } from './analytics.jobs';
import { publishNow } from './analytics-test-kit';

// The sweep (every 15 minutes) never runs here: every snapshot below comes from the first-snapshot jobs.
const t = await createTestApp({
  work: true,
  workOnly: [...postJobs, ...analyticsJobs.filter((job) => job.name !== 'sweep-due-analytics')],
  env: { ANALYTICS_FIRST_POST_SNAPSHOT_SECONDS: '1' },
});

/** States of the analytics refresh jobs sent for one account or post target. */
async function refreshJobs(name: string, field: string, id: string): Promise<{ state: string; start_after: Date }[]> {
  const result = await t.services.db.execute(sql`select state, start_after from pgboss.job where name = ${name} and data->>${field} = ${id}`);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { state: string; start_after: Date }[];
}

const snapshotsOf = async (socialAccountId: string) =>
  (await t.services.db.select().from(accountAnalytics).where(eq(accountAnalytics.socialAccountId, socialAccountId))).length;

describe('first analytics snapshots (decision 084)', { timeout: 120_000 }, () => {
  it('an account has numbers right after it connects, a post shortly after it is published', async () => {
    const org = await t.createOrg('PRO');
    const account = await connectAccount(t, org.key, org.teamId, 'MASTODON');
    const accountHistory = () => t.request('GET', `/analytics/social-account?teamId=${org.teamId}&platformType=MASTODON`, { key: org.key });
    await expect.poll(async () => (await accountHistory()).json.items.length, { timeout: 30_000, interval: 150 }).toBe(1);
    expect((await accountHistory()).json.items[0]).toMatchObject({ forced: false });
    expect(await refreshJobs('refresh-account-analytics', 'socialAccountId', account.id)).toEqual([expect.objectContaining({ state: 'completed' })]);

    const post = await publishNow(t, org.key, org.teamId, { MASTODON: { text: 'Fresh numbers' } });
    const postHistory = () => t.request('GET', `/analytics/post?postId=${post.id}&platformType=MASTODON`, { key: org.key });
    await expect.poll(async () => (await postHistory()).json.items.length, { timeout: 30_000, interval: 150 }).toBe(1);
    expect((await postHistory()).json.items[0]).toMatchObject({ forced: false });
  });

  it('respects the organization: nothing for FREE plans, nor for X (billed per read)', async () => {
    const free = await t.createOrg('FREE');
    const account = await connectAccount(t, free.key, free.teamId, 'MASTODON');
    // The job is sent and runs, and finds nothing to do.
    await expect
      .poll(async () => (await refreshJobs('refresh-account-analytics', 'socialAccountId', account.id)).map((job) => job.state), {
        timeout: 30_000,
        interval: 150,
      })
      .toEqual(['completed']);
    expect(await snapshotsOf(account.id)).toBe(0);

    const pro = await t.createOrg('PRO');
    const x = await connectAccount(t, pro.key, pro.teamId, 'TWITTER');
    await expect
      .poll(async () => (await refreshJobs('refresh-account-analytics', 'socialAccountId', x.id)).map((job) => job.state), { timeout: 30_000, interval: 150 })
      .toEqual(['completed']);
    expect(await snapshotsOf(x.id)).toBe(0);
  });
});
