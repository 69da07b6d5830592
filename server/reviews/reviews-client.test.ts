import { describe, expect, it } from 'vitest';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { createTestApp } from '../test/test-app';
import { reviewJobs } from './reviews.jobs';
import { connectPlace, waitFor } from './reviews-test-kit';

/** The hosted service's published client, unchanged, against every review and recommendation operation. */
// Not the hourly review sync: it would start imports for other files' accounts (one shared database).
const t = await createTestApp({ work: true, workOnly: [...reviewJobs.filter((job) => !job.cron), dispatchInboundEventJob] });

describe('reviews through the bundlesocial client', { timeout: 120_000 }, () => {
  it('imports, lists, reads and answers Google reviews, and lists search keywords', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectPlace(t, key, teamId, 'GOOGLE_BUSINESS');
    const client = await t.bundlesocial(key);

    // A slow platform keeps the first import running while the second is refused.
    await t.request('POST', '/sandbox/faults', { key, body: { type: 'GOOGLE_BUSINESS', operation: 'reviews.list', kind: 'SLOW', delayMs: 2000, count: 1 } });
    const job = await client.misc.miscGoogleBusinessImportReviews({ requestBody: { teamId, count: 6 } });
    expect(job).toMatchObject({ teamId, requestedCount: 6, status: 'PENDING', reviewsImported: 0 });
    await expect(client.misc.miscGoogleBusinessImportReviews({ requestBody: { teamId, count: 6 } })).rejects.toMatchObject({ status: 409 });
    const done = await waitFor(
      () => client.misc.miscGoogleBusinessGetReviewImportById({ importId: job.id }),
      (item) => item.status === 'COMPLETED' || item.status === 'FAILED',
    );
    expect(done).toMatchObject({ status: 'COMPLETED', reviewsImported: 6 });
    expect((await client.misc.miscGoogleBusinessGetReviewImportStatus({ teamId })).imports.map((item) => item.id)).toEqual([job.id]);

    const page = await client.misc.miscGoogleBusinessGetReviews({ teamId, limit: 4, offset: 0 });
    expect(page).toMatchObject({ total: 6, limit: 200, remainingCapacity: 194 });
    expect(page.reviews).toHaveLength(4);
    const review = page.reviews[0]!;
    expect(review.starRating).toMatch(/^(ONE|TWO|THREE|FOUR|FIVE)$/);
    expect((await client.misc.miscGoogleBusinessGetReviewById({ reviewId: review.id, teamId })).externalReviewId).toBe(review.externalReviewId);

    const replied = await client.misc.miscGoogleBusinessReplyToReview({ reviewId: review.id, requestBody: { teamId, comment: 'Thanks for coming by!' } });
    expect(replied).toMatchObject({ reviewReplyComment: 'Thanks for coming by!', reviewReplyState: 'PENDING' });
    const rejected = await client.misc.miscGoogleBusinessReplyToReview({ reviewId: review.id, requestBody: { teamId, comment: 'Write to owner@example.com' } });
    expect(rejected).toMatchObject({ reviewReplyState: 'REJECTED' });
    expect(rejected.reviewReplyPolicyViolation).toBeTruthy();
    const cleared = await client.misc.miscGoogleBusinessDeleteReviewReply({ reviewId: review.id, requestBody: { teamId } });
    expect(cleared.reviewReplyComment ?? null).toBeNull();
    await expect(client.misc.miscGoogleBusinessReplyToReview({ reviewId: review.id, requestBody: { teamId, comment: '' } })).rejects.toMatchObject({
      status: 400,
    });

    const keywords = await client.misc.miscGoogleBusinessListSearchKeywords({ teamId, startMonth: '2026-01', endMonth: '2026-06', pageSize: 5 });
    expect(keywords.range).toEqual({ startMonth: '2026-01', endMonth: '2026-06' });
    expect(keywords.searchKeywords).toHaveLength(5);
    const rest = await client.misc.miscGoogleBusinessListSearchKeywords({
      teamId,
      startMonth: '2026-01',
      endMonth: '2026-06',
      pageToken: keywords.nextPageToken,
    });
    // Each keyword has a count or, for low volumes, a threshold: never both, never neither.
    expect(rest.searchKeywords!.every((entry) => (entry.value == null) !== (entry.threshold == null))).toBe(true);
    // Over one month every long-tail keyword is below Google's threshold (over six it depends on the place).
    const oneMonth = await client.misc.miscGoogleBusinessListSearchKeywords({ teamId, startMonth: '2026-03', endMonth: '2026-03', pageSize: 20 });
    expect(oneMonth.searchKeywords!.filter((entry) => entry.threshold === 15 && entry.value == null).length).toBeGreaterThan(0);
  });

  it('imports Facebook recommendations and answers them and their thread comments', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const page = await connectPlace(t, key, teamId, 'FACEBOOK');
    const client = await t.bundlesocial(key);

    const job = await client.misc.miscFacebookImportRecommendations({ requestBody: { teamId, count: 3 } });
    expect(job).toMatchObject({ status: 'PENDING', itemsImported: 0 });
    const done = await waitFor(
      () => client.misc.miscFacebookGetRecommendationImportById({ importId: job.id }),
      (item) => item.status === 'COMPLETED' || item.status === 'FAILED',
    );
    expect(done).toMatchObject({ status: 'COMPLETED', itemsImported: 3 });
    expect((await client.misc.miscFacebookGetRecommendationImportStatus({ teamId })).imports).toHaveLength(1);

    const list = await client.misc.miscFacebookGetRecommendations({ teamId });
    expect(list).toMatchObject({ total: 3, limit: 200, remainingCapacity: 197 });
    const recommendation = list.recommendations[0]!;
    expect(recommendation.recommendationValue).toMatch(/RECOMMEND/);
    expect(await client.misc.miscFacebookGetRecommendationById({ recommendationId: recommendation.id, teamId })).toMatchObject({ id: recommendation.id });

    const commented = await t.request('POST', '/sandbox/reviews/comments', {
      key,
      body: { socialAccountId: page.id, reviewId: recommendation.externalRecommendationId, text: 'Agreed, great place', authorName: 'Iris Tanaka' },
    });
    expect(commented.status, commented.text).toBe(200);
    const thread = await client.misc.miscFacebookGetRecommendationComments({ recommendationId: recommendation.id, teamId });
    expect(thread.comments.find((comment) => comment.id === commented.json.id)).toMatchObject({
      recommendationId: recommendation.id,
      parentCommentId: null,
      text: 'Agreed, great place',
      authorName: 'Iris Tanaka',
    });
    expect(thread.total).toBe(thread.comments.length);

    const answer = await client.misc.miscFacebookReplyToRecommendationComment({
      recommendationId: recommendation.id,
      commentId: commented.json.id,
      requestBody: { teamId, comment: 'Thank you Iris!' },
    });
    expect(answer.id).toBeTruthy();
    const replied = await client.misc.miscFacebookReplyToRecommendation({
      recommendationId: recommendation.id,
      requestBody: { teamId, comment: 'Thanks for the recommendation!' },
    });
    expect(replied).toMatchObject({ ownerReplyComment: 'Thanks for the recommendation!' });
    expect(replied.ownerReplyCommentId).toBeTruthy();
    const after = await client.misc.miscFacebookGetRecommendationComments({ recommendationId: recommendation.id, teamId });
    expect(after.comments.find((comment) => comment.id === answer.id)).toMatchObject({ parentCommentId: commented.json.id, text: 'Thank you Iris!' });
    expect(after.comments.map((comment) => comment.text)).toContain('Thanks for the recommendation!');
    await expect(
      client.misc.miscFacebookReplyToRecommendationComment({
        recommendationId: recommendation.id,
        commentId: 'missing',
        requestBody: { teamId, comment: 'Hi' },
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
