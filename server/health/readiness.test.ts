import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from '../db/schema/posts';
import { housekeepingJob } from '../jobs/housekeeping.jobs';
import { connectAccount, inDays } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';

// Workers for one quiet queue only: this process has workers (so readiness checks them and
// publishing), but nothing here publishes the post the test leaves overdue.
const t = await createTestApp({ work: true, workOnly: [housekeepingJob] });

async function readyz() {
  const response = await t.app.request('/readyz');
  return { status: response.status, retryAfter: response.headers.get('retry-after'), json: await response.json() };
}

describe('GET /readyz', () => {
  it('is ready when the database answers, the schema is current and the workers poll', async () => {
    await expect.poll(async () => (await readyz()).status, { timeout: 10_000 }).toBe(200);
    const { json } = await readyz();
    expect(json.status).toBe('ready');
    expect(json.checks.database).toMatchObject({ ok: true, latencyMs: expect.any(Number) });
    expect(json.checks.migrations).toMatchObject({ ok: true, expected: expect.any(String) });
    expect(json.checks.workers).toMatchObject({ ok: true, lastPolledSecondsAgo: expect.any(Number) });
    expect(json.checks.publishing).toMatchObject({ ok: true, overduePosts: 0 });
    // Liveness stays the cheap answer it was.
    const healthz = await t.app.request('/healthz');
    expect(await healthz.json()).toEqual({ status: 'ok' });
  });

  it('says publishing has stopped when a due post is left unclaimed past the sweep, and recovers', async () => {
    const org = await t.createOrg();
    await connectAccount(t, org.key, org.teamId, 'MASTODON');
    const created = await t.request('POST', '/post', {
      key: org.key,
      body: { teamId: org.teamId, title: 'Stuck', postDate: inDays(1), socialAccountTypes: ['MASTODON'], data: { MASTODON: { text: 'Stuck' } } },
    });
    expect(created.status).toBe(200);
    // As if no worker had published it: due three minutes ago, never claimed.
    const dueAt = new Date(Date.now() - 3 * 60_000);
    await t.services.db.update(posts).set({ postDate: dueAt, dueAt }).where(eq(posts.id, created.json.id));

    const stuck = await readyz();
    expect(stuck.status).toBe(503);
    expect(Number(stuck.retryAfter)).toBeGreaterThan(0);
    expect(stuck.json.status).toBe('not ready');
    expect(stuck.json.checks.publishing).toMatchObject({ ok: false, overduePosts: 1, oldestDueAt: dueAt.toISOString() });
    expect(stuck.json.checks.database.ok).toBe(true);

    // A live claim means a worker has it: not stuck.
    await t.services.db
      .update(posts)
      .set({ status: 'PROCESSING', claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(posts.id, created.json.id));
    expect((await readyz()).status).toBe(200);
    await t.services.db.update(posts).set({ status: 'DELETED', dueAt: null }).where(eq(posts.id, created.json.id));
  });
});
