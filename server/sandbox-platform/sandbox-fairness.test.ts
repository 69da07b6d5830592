import { describe, expect, it } from 'vitest';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';

// Two publish workers shared by every tenant, as in a small deployment.
const t = await createTestApp({
  work: true,
  workOnly: postJobs,
  env: { WORKER_CONCURRENCY: '2', PUBLISH_RETRY_BASE_SECONDS: '0.5', SANDBOX_FAULTS_PER_ORGANIZATION: '3' },
});

type Post = { id: string; status: string; errors: Record<string, string> };

const toot = (teamId: string, text: string) => ({
  teamId,
  title: text,
  postDate: new Date().toISOString(),
  socialAccountTypes: ['MASTODON'],
  data: { MASTODON: { text } },
});

async function post(key: string, teamId: string, text: string) {
  const created = await t.request('POST', '/post', { key, body: toot(teamId, text) });
  expect(created.status).toBe(200);
  return created.json.id as string;
}

const read = async (key: string, id: string) => (await t.request('GET', `/post/${id}`, { key })).json as Post;

describe('sandbox faults and shared publish workers', () => {
  it("does not let one tenant's SLOW faults hold the workers every tenant publishes with", { timeout: 60_000 }, async () => {
    const slowTenant = await t.createOrg();
    const otherTenant = await t.createOrg();
    await connectAccount(t, slowTenant.key, slowTenant.teamId, 'MASTODON');
    await connectAccount(t, otherTenant.key, otherTenant.teamId, 'MASTODON');
    // Every call of the slow tenant to its platform takes 10 s, for as many calls as it makes.
    const armed = await t.request('POST', '/sandbox/faults', { key: slowTenant.key, body: { type: 'MASTODON', kind: 'SLOW', delayMs: 10_000 } });
    expect(armed.status).toBe(200);
    const slowPosts = [];
    for (let i = 0; i < 3; i += 1) slowPosts.push(await post(slowTenant.key, slowTenant.teamId, `Slow ${i}`));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const other = await post(otherTenant.key, otherTenant.teamId, 'Not held up');

    let otherPost = await read(otherTenant.key, other);
    while (otherPost.status !== 'POSTED' && otherPost.status !== 'ERROR') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      otherPost = await read(otherTenant.key, other);
    }
    expect(otherPost.status).toBe('POSTED');
    // The other tenant went through while the slow tenant's first call was still sleeping:
    // none of its posts is out, and the calls that found it asleep were told to check back.
    const slow = await Promise.all(slowPosts.map((id) => read(slowTenant.key, id)));
    expect(slow.map((p) => p.status)).not.toContain('POSTED');
    expect(slow.flatMap((p) => Object.values(p.errors ?? {})).join(' ')).toMatch(/still processing.*check back/);
  });

  it('caps the faults an organization may arm at once (409 past it)', async () => {
    const { key } = await t.createOrg();
    for (let i = 0; i < 3; i += 1) expect((await t.request('POST', '/sandbox/faults', { key, body: { type: 'TIKTOK', kind: 'TRANSIENT' } })).status).toBe(200);
    const refused = await t.request('POST', '/sandbox/faults', { key, body: { type: 'TIKTOK', kind: 'TRANSIENT' } });
    expect(refused).toMatchObject({ status: 409, json: { statusCode: 409, message: expect.stringMatching(/At most 3 faults/) } });
    // Deleting one frees its place.
    const listed = await t.request('GET', '/sandbox/faults', { key });
    expect((await t.request('DELETE', `/sandbox/faults/${listed.json.items[0].id}`, { key })).status).toBe(200);
    expect((await t.request('POST', '/sandbox/faults', { key, body: { type: 'TIKTOK', kind: 'TRANSIENT' } })).status).toBe(200);
  });
});
