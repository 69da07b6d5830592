import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCommandSchema } from '../admin/admin-command-schema';
import { runAdminCommand } from '../admin/commands';
import { outboxEvents } from '../db/schema/events';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { createTestApp } from '../test/test-app';
import { reviewJobs } from './reviews.jobs';
import { connectPlace, runImport, waitFor } from './reviews-test-kit';

// Transient failures back off from 0.1 s instead of 1 s: the retries, not the waiting, are under test.
// Not the hourly review sync: it would start imports for other files' accounts (one shared database).
const t = await createTestApp({
  work: true,
  workOnly: [...reviewJobs.filter((job) => !job.cron), dispatchInboundEventJob],
  env: { IMPORT_RETRY_BASE_SECONDS: '0.1' },
});

type Review = {
  id: string;
  externalReviewId: string;
  starRating: string | null;
  comment: string | null;
  createTime: string;
  reviewReplyComment: string | null;
  reviewReplyState: string | null;
  reviewReplyPolicyViolation: string | null;
  reviewReplyUrl: string | null;
};

async function setup(plan: 'FREE' | 'PRO' = 'PRO') {
  const org = await t.createOrg(plan);
  const account = await connectPlace(t, org.key, org.teamId, 'GOOGLE_BUSINESS');
  const list = async (query = '') => {
    const response = await t.request('GET', `/misc/google-business/reviews?teamId=${org.teamId}&limit=100${query}`, { key: org.key });
    expect(response.status, response.text).toBe(200);
    return response.json as { reviews: Review[]; total: number; limit: number; remainingCapacity: number };
  };
  return { ...org, account, list, run: (count: number) => runImport(t, org.key, org.teamId, count) };
}

describe('Google Business review imports', { timeout: 180_000 }, () => {
  it('count means new reviews: re-runs continue into older ones, refresh known ones for free, and stop when history ends', async () => {
    const { list, run, key, teamId, account } = await setup();
    expect(await run(5)).toMatchObject({ status: 'COMPLETED', reviewsImported: 5 });
    const first = await list();
    expect(first).toMatchObject({ total: 5, limit: 200, remainingCapacity: 195 });
    expect(await run(5)).toMatchObject({ status: 'COMPLETED', reviewsImported: 5 });
    const second = await list();
    expect(second.total).toBe(10);
    // Newest first, and the second run went further back instead of counting the first five again.
    const times = second.reviews.map((review) => review.createTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(second.reviews.slice(0, 5).map((review) => review.id)).toEqual(first.reviews.map((review) => review.id));
    expect(second.remainingCapacity).toBe(190);

    // Full history: fewer than `count` come back when nothing older remains.
    expect(await run(250)).toMatchObject({ status: 'COMPLETED', reviewsImported: 20 });
    expect((await list()).total).toBe(30);

    // Later imports fetch only what is new; re-read reviews are free.
    const added = await t.request('POST', '/sandbox/reviews', { key, body: { socialAccountId: account.id, rating: 4, comment: 'New and nice', count: 2 } });
    expect(added.status, added.text).toBe(200);
    expect(await run(10)).toMatchObject({ status: 'COMPLETED', reviewsImported: 2 });
    const after = await list();
    expect(after).toMatchObject({ total: 32, remainingCapacity: 200 - 32 });
    expect(after.reviews[0]!.comment).toBe('New and nice');
    const jobs = await t.request('GET', `/misc/google-business/reviews/import?teamId=${teamId}`, { key });
    expect(jobs.json.imports).toHaveLength(4);
    expect(jobs.json.imports[0].reviewsImported).toBe(2);
  });

  it('walks a long history the sandbox adds in one call (up to 1,000 reviews, a minute apart)', async () => {
    const { list, run, key, account } = await setup();
    const tooMany = await t.request('POST', '/sandbox/reviews', { key, body: { socialAccountId: account.id, rating: 3, count: 1001 } });
    expect(tooMany.status).toBe(400);
    const added = await t.request('POST', '/sandbox/reviews', {
      key,
      body: { socialAccountId: account.id, rating: 3, comment: 'Long history', count: 300, createdAt: '2026-01-01T12:00:00Z' },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.json.total).toBe(300);
    const times = (added.json.items as { createTime: string }[]).map((item) => item.createTime);
    expect(times.slice(0, 2)).toEqual(['2026-01-01T12:00:00.000Z', '2026-01-01T11:59:00.000Z']);
    expect(new Set((added.json.items as { externalId: string }[]).map((item) => item.externalId)).size).toBe(300);
    const onPlatform = await t.request('GET', `/sandbox/reviews?socialAccountId=${account.id}&limit=1`, { key });
    expect(onPlatform.json.total).toBe(330);
    // The import walks it like any history: 50 a page, newest first.
    expect(await run(120)).toMatchObject({ status: 'COMPLETED', reviewsImported: 120 });
    expect((await list()).total).toBe(120);
  });

  it('allows one active import per account: a second start is 409', async () => {
    const { key, teamId } = await setup();
    // A slow platform keeps the first import running.
    await t.request('POST', '/sandbox/faults', { key, body: { type: 'GOOGLE_BUSINESS', operation: 'reviews.list', kind: 'SLOW', delayMs: 3000, count: 1 } });
    const first = await t.request('POST', '/misc/google-business/reviews/import', { key, body: { teamId, count: 3 } });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ status: 'PENDING', requestedCount: 3, reviewsImported: 0, teamId });
    const second = await t.request('POST', '/misc/google-business/reviews/import', { key, body: { teamId, count: 3 } });
    expect(second.status).toBe(409);
    expect(second.json.message).toContain(first.json.id);
    await waitFor(
      () => t.request('GET', `/misc/google-business/reviews/import/${first.json.id}`, { key }),
      (r) => r.json.status === 'COMPLETED',
    );
    expect((await t.request('POST', '/misc/google-business/reviews/import', { key, body: { teamId, count: 3 } })).status).toBe(201);
  });

  it('caps new reviews per account and month by plan, with custom limits from the operator CLI', async () => {
    const { run, list, key, teamId, organizationId } = await setup('FREE');
    const capped = await run(10);
    expect(capped).toMatchObject({ status: 'COMPLETED', reviewsImported: 5 });
    expect(capped.error).toContain('monthly import limit');
    expect(await list()).toMatchObject({ total: 5, limit: 5, remainingCapacity: 0 });
    const refused = await t.request('POST', '/misc/google-business/reviews/import', { key, body: { teamId, count: 1 } });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toContain('Monthly review import limit');

    const admin = (monthly: string) => runAdminCommand(t.services.db, adminCommandSchema.parse({ command: 'review-limits', org: organizationId, monthly }));
    expect((await admin('8')).json).toMatchObject({ monthlyLimitPerAccount: 8, custom: true });
    expect(await list()).toMatchObject({ limit: 8, remainingCapacity: 3 });
    const organization = await t.request('GET', '/organization', { key });
    expect(organization.json).toMatchObject({ monthlyReviewImportLimitPerAccount: 8, monthlyImportLimitPerAccount: null });
    expect(await run(10)).toMatchObject({ status: 'COMPLETED', reviewsImported: 3 });
    expect((await admin('default')).json).toMatchObject({ monthlyLimitPerAccount: 5, custom: false });
    expect((await t.request('GET', '/organization', { key })).json.monthlyReviewImportLimitPerAccount).toBeNull();
    expect(() => adminCommandSchema.parse({ command: 'review-limits', org: organizationId, monthly: 'lots' })).toThrow();
  });

  it('waits out a platform rate limit (RATE_LIMITED with rateLimitResetAt) and resumes by itself', async () => {
    const { key, teamId, list } = await setup();
    await t.request('POST', '/sandbox/faults', {
      key,
      body: { type: 'GOOGLE_BUSINESS', operation: 'reviews.list', kind: 'RATE_LIMITED', retryAfterSeconds: 2, count: 1 },
    });
    const started = await t.request('POST', '/misc/google-business/reviews/import', { key, body: { teamId, count: 4 } });
    const limited = await waitFor(
      () => t.request('GET', `/misc/google-business/reviews/import/${started.json.id}`, { key }),
      (r) => r.json.status !== 'PENDING' && r.json.status !== 'FETCHING_REVIEWS',
    );
    expect(limited.json.status).toBe('RATE_LIMITED');
    expect(new Date(limited.json.rateLimitResetAt).getTime()).toBeGreaterThan(new Date(limited.json.updatedAt).getTime());
    const done = await waitFor(
      () => t.request('GET', `/misc/google-business/reviews/import/${started.json.id}`, { key }),
      (r) => r.json.status === 'COMPLETED' || r.json.status === 'FAILED',
    );
    expect(done.json).toMatchObject({ status: 'COMPLETED', reviewsImported: 4, rateLimitResetAt: null });
    expect((await list()).total).toBe(4);
  });

  it('fails after retries and is never left fetching', async () => {
    const { key, teamId } = await setup();
    await t.request('POST', '/sandbox/faults', {
      key,
      body: { type: 'GOOGLE_BUSINESS', operation: 'reviews.list', kind: 'TRANSIENT', message: 'Google is down (sandbox)' },
    });
    const started = await t.request('POST', '/misc/google-business/reviews/import', { key, body: { teamId, count: 4 } });
    const done = await waitFor(
      () => t.request('GET', `/misc/google-business/reviews/import/${started.json.id}`, { key }),
      (r) => r.json.status === 'COMPLETED' || r.json.status === 'FAILED',
    );
    expect(done.json).toMatchObject({ status: 'FAILED', error: 'Google is down (sandbox)', reviewsImported: 0 });
    expect(done.json.completedAt).toBeTruthy();
  });
});

describe('Google Business review replies', { timeout: 180_000 }, () => {
  it('are moderated: contact details are rejected with the policy, other replies go PENDING then live with a URL', async () => {
    const { run, list, key, teamId } = await setup();
    await run(3);
    const [review] = (await list()).reviews;
    const reply = (comment: string) => t.request('PUT', `/misc/google-business/reviews/${review!.id}/reply`, { key, body: { teamId, comment } });

    const rejected = await reply('Call us at +1 555 123 4567 and we will fix it');
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.json).toMatchObject({
      reviewReplyState: 'REJECTED',
      reviewReplyUrl: null,
      reviewReplyComment: 'Call us at +1 555 123 4567 and we will fix it',
    });
    expect(rejected.json.reviewReplyPolicyViolation).toContain('phone');
    // Nobody sees a rejected reply: the review still needs one, in the filter and in the low-rating count.
    expect((await list('&replied=false')).reviews.map((item) => item.id)).toContain(review!.id);
    expect((await list('&replied=true')).reviews.map((item) => item.id)).not.toContain(review!.id);
    expect((await reply('See www.example.com for a voucher')).json.reviewReplyPolicyViolation).toContain('links');
    expect((await reply('Sorry, that was a damn mistake')).json.reviewReplyPolicyViolation).toContain('OFFENSIVE');

    const pending = await reply('Thank you for visiting, we hope to see you again!');
    expect(pending.json).toMatchObject({ reviewReplyState: 'PENDING', reviewReplyPolicyViolation: null, reviewReplyUrl: null });
    const live = await waitFor(
      () => t.request('GET', `/misc/google-business/reviews/${review!.id}?teamId=${teamId}`, { key }),
      (r) => r.json.reviewReplyState !== 'PENDING',
    );
    expect(live.json.reviewReplyState).toBe('APPROVED');
    expect(live.json.reviewReplyUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/reviews\//);
    // The list shows it too (the moderation job or the next fetch refreshed the stored copy).
    const listed = await waitFor(list, (response) => response.reviews.find((item) => item.id === review!.id)?.reviewReplyState === 'APPROVED');
    expect(listed.reviews.find((item) => item.id === review!.id)!.reviewReplyUrl).toBe(live.json.reviewReplyUrl);
    expect((await list('&replied=true')).reviews.map((item) => item.id)).toContain(review!.id);

    const deleted = await t.request('DELETE', `/misc/google-business/reviews/${review!.id}/reply`, { key, body: { teamId } });
    expect(deleted.json).toMatchObject({ reviewReplyComment: null, reviewReplyState: null, reviewReplyUrl: null });
    expect((await t.request('DELETE', `/misc/google-business/reviews/${review!.id}/reply`, { key, body: { teamId } })).status).toBe(404);
  });

  it('are followed through moderation by the service, each change announced as review.reply.updated', async () => {
    const { run, list, key, teamId, organizationId } = await setup();
    await run(2);
    const [review] = (await list()).reviews;
    const sent = await t.request('PUT', `/misc/google-business/reviews/${review!.id}/reply`, { key, body: { teamId, comment: 'Thank you, see you soon!' } });
    expect(sent.json.reviewReplyState).toBe('PENDING');
    // Nobody reads the review: the refresh-review-reply job asks the platform, stores the decision and announces it.
    const live = await waitFor(list, (response) => response.reviews.find((item) => item.id === review!.id)?.reviewReplyState === 'APPROVED');
    const url = live.reviews.find((item) => item.id === review!.id)!.reviewReplyUrl;
    expect(url).toMatch(/^https:\/\/www\.google\.com\/maps\/reviews\//);
    await t.request('DELETE', `/misc/google-business/reviews/${review!.id}/reply`, { key, body: { teamId } });

    const events = await t.services.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, organizationId), eq(outboxEvents.type, 'review.reply.updated')))
      .orderBy(outboxEvents.seq);
    expect(events.map((event) => (event.data as { replyState: string | null }).replyState)).toEqual(['PENDING', 'APPROVED', null]);
    expect(events[1]!.teamId).toBe(teamId);
    expect(events[1]!.data).toMatchObject({
      platform: 'GOOGLE_BUSINESS',
      review: { id: review!.id, teamId, reviewReplyState: 'APPROVED', reviewReplyUrl: url },
    });
  });

  it('validates replies: 1 to 4,096 characters, the team, and the review', async () => {
    const { run, list, key, teamId } = await setup();
    await run(1);
    const [review] = (await list()).reviews;
    const path = `/misc/google-business/reviews/${review!.id}/reply`;
    for (const body of [
      { teamId, comment: '' },
      { teamId, comment: '   ' },
      { teamId, comment: 'x'.repeat(4097) },
      { comment: 'Hi' },
      { teamId, comment: 'Hi', extra: 1 },
    ]) {
      const response = await t.request('PUT', path, { key, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.issues.length).toBeGreaterThan(0);
    }
    expect((await t.request('PUT', path, { key, body: { teamId, comment: 'y'.repeat(4096) } })).status).toBe(200);
    expect((await t.request('PUT', '/misc/google-business/reviews/missing/reply', { key, body: { teamId, comment: 'Hi' } })).status).toBe(404);
    expect((await t.request('PUT', path, { key, body: { teamId: 'other-team', comment: 'Hi' } })).status).toBe(404);
  });

  it('filters the list by rating, reply, date and text', async () => {
    const { run, list } = await setup();
    await run(30);
    const all = await list();
    const lows = await list('&rating=1,2');
    expect(lows.total).toBeGreaterThan(0);
    expect(lows.reviews.every((review) => review.starRating === 'ONE' || review.starRating === 'TWO')).toBe(true);
    const unreplied = await list('&replied=false');
    expect(unreplied.reviews.every((review) => review.reviewReplyComment === null || review.reviewReplyState === 'REJECTED')).toBe(true);
    expect(unreplied.total).toBeLessThan(all.total);
    const middle = all.reviews[10]!.createTime;
    const recent = await list(`&from=${encodeURIComponent(middle)}`);
    expect(recent.total).toBe(11);
    const text = await list('&q=brunch');
    expect(text.total).toBeGreaterThan(0);
    expect(text.reviews.every((review) => review.comment!.toLowerCase().includes('brunch'))).toBe(true);
    const bad = await t.request('GET', `/misc/google-business/reviews?teamId=x&rating=6`, { key: (await t.createOrg()).key });
    expect(bad.status).toBe(400);
  });

  it('answers the average rating and how many reviews have each star count', async () => {
    const { run, list, key, teamId } = await setup();
    await run(30);
    const { reviews } = await list();
    const stars = reviews.map((review) => ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'].indexOf(review.starRating!) + 1);
    const stats = await t.request('GET', `/misc/reviews/stats?teamId=${teamId}`, { key });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.json).toEqual({
      total: 30,
      rated: 30,
      averageRating: Math.round((stars.reduce((sum, value) => sum + value, 0) / 30) * 100) / 100,
      distribution: Object.fromEntries(
        ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'].map((name, index) => [name, stars.filter((value) => value === index + 1).length]),
      ),
    });
    expect((await t.request('GET', `/misc/reviews/stats?teamId=${teamId}&platform=FACEBOOK`, { key })).json).toMatchObject({ total: 0, averageRating: null });
    expect((await t.request('GET', `/misc/reviews/stats?teamId=${teamId}&platform=TWITTER`, { key })).status).toBe(400);
    expect((await t.request('GET', `/misc/reviews/stats`, { key })).status).toBe(400);
    const other = await t.createOrg();
    expect((await t.request('GET', `/misc/reviews/stats?teamId=${teamId}`, { key: other.key })).status).toBe(404);
  });
});

describe('reviews arriving from the platform', { timeout: 180_000 }, () => {
  it('are stored through the ingest path and announced as review.received with the rating', async () => {
    const { key, account, list, run, organizationId } = await setup();
    const emitted = await t.request('POST', '/sandbox/inbound/review', {
      key,
      body: { socialAccountId: account.id, rating: 1, comment: 'Cold coffee', reviewerName: 'Nora Kowalski' },
    });
    expect(emitted.status, emitted.text).toBe(200);
    // Wait on the rows, not the total: the page and its count are read side by side, so a poll
    // landing between the consumer's commit and the page read can see the count first.
    const stored = await waitFor(list, (response) => response.reviews.length === 1);
    expect(stored.reviews[0]).toMatchObject({ starRating: 'ONE', comment: 'Cold coffee', reviewReplyComment: null });
    const events = () =>
      t.services.db
        .select()
        .from(outboxEvents)
        .where(and(eq(outboxEvents.organizationId, organizationId), eq(outboxEvents.type, 'review.received')));
    const [event] = await waitFor(events, (rows) => rows.length === 1);
    expect(event!.data).toMatchObject({
      rating: 1,
      platform: 'GOOGLE_BUSINESS',
      socialAccountId: account.id,
      isNew: true,
      review: { id: stored.reviews[0]!.id },
    });

    // An edit updates the same review (upsert by the platform's id) and is announced again.
    const reviewId = emitted.json.items[0].payload.reviewId as string;
    await t.request('POST', '/sandbox/inbound/review', { key, body: { socialAccountId: account.id, reviewId, rating: 4, comment: 'They made it right' } });
    const edited = await waitFor(list, (response) => response.reviews[0]?.starRating === 'FOUR');
    expect(edited).toMatchObject({ total: 1, remainingCapacity: 200 });
    expect(edited.reviews[0]).toMatchObject({ id: stored.reviews[0]!.id, comment: 'They made it right' });
    await waitFor(events, (rows) => rows.length === 2);

    // An import later meets it as known: refreshed for free, not counted.
    expect(await run(5)).toMatchObject({ status: 'COMPLETED', reviewsImported: 5 });
    expect(await list()).toMatchObject({ total: 6, remainingCapacity: 195 });
  });

  it('answers search keywords for a month range, low volumes as a threshold', async () => {
    const { key, teamId } = await setup();
    const response = await t.request('GET', `/misc/google-business/location/search-keywords?teamId=${teamId}&startMonth=2026-03&endMonth=2026-03`, { key });
    expect(response.status, response.text).toBe(200);
    expect(response.json.location).toMatch(/^locations\//);
    // One month: the head keywords have counts, the long tail is always below the threshold.
    expect(response.json.range).toEqual({ startMonth: '2026-03', endMonth: '2026-03' });
    const keywords = response.json.searchKeywords as { searchKeyword: string; value: number | null; threshold: number | null }[];
    expect(keywords.some((entry) => entry.value !== null && entry.threshold === null)).toBe(true);
    expect(keywords.some((entry) => entry.value === null && entry.threshold === 15)).toBe(true);
    for (const query of ['startMonth=2026-13&endMonth=2026-12', 'startMonth=2026-05&endMonth=2026-01', 'startMonth=2026-01']) {
      expect((await t.request('GET', `/misc/google-business/location/search-keywords?teamId=${teamId}&${query}`, { key })).status).toBe(400);
    }
  });
});
