import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxEvents } from '../../../db/schema/events';
import { dispatchInboundEventJob } from '../../../ingest/ingest.jobs';
import { postJobs } from '../../../posts/posts.jobs';
import { uploadMedia } from '../../../posts/posts-test-kit';
import { reviewJobs } from '../../../reviews/reviews.jobs';
import { createTestApp } from '../../../test/test-app';
import { connectThroughConsent, createPostNow, settled, waitForPost } from '../test-kit/live-app';
import { GBP_LOCATION, GBP_OTHER_LOCATION, PUBSUB_TOPIC } from './gbp-stand-in/gbp-world';
import { startGbpStandIn } from './gbp-test-kit';

/**
 * Google Business Profile live, end to end (issue 27, decision 093): connect through Google's
 * consent, pick a location, publish an offer with a photo through the worker, receive a review by
 * a signed Pub/Sub push into the review list and the organization's events, reply, and edit the
 * location; against the stand-in (`gbp-test-kit.ts`), which checks each request as Google documents it.
 */
const PUBLIC_URL = 'https://desk.example';
const google = await startGbpStandIn({ publicUrl: PUBLIC_URL });
afterAll(() => google.close());
const t = await createTestApp({
  work: true,
  workOnly: [...postJobs, ...reviewJobs.filter((job) => !job.cron), dispatchInboundEventJob],
  env: { ...google.env, PUBLIC_URL, PUBLISH_RETRY_BASE_SECONDS: '0.5' },
});

async function connectedTeam() {
  const org = await t.createOrg('PRO');
  const { consent } = await connectThroughConsent(t, org.key, org.teamId, 'GOOGLE_BUSINESS');
  expect(consent.searchParams.get('access_type')).toBe('offline');
  expect(consent.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/business.manage');
  const before = (await t.request('GET', `/social-account/by-type?teamId=${org.teamId}&type=GOOGLE_BUSINESS`, { key: org.key })).json;
  expect(before).toMatchObject({ mode: 'live' });
  expect(before.channels.map((channel: { id: string; name: string }) => [channel.id, channel.name])).toEqual([
    [GBP_LOCATION, 'Corner Bakery Main Street'],
    [GBP_OTHER_LOCATION, 'Corner Bakery Station'],
  ]);
  const selected = await t.request('POST', '/social-account/set-channel', {
    key: org.key,
    body: { teamId: org.teamId, type: 'GOOGLE_BUSINESS', channelId: GBP_LOCATION },
  });
  expect(selected.status, selected.text).toBe(200);
  expect(selected.json.externalId).toBe(GBP_LOCATION);
  return { ...org, account: selected.json as { id: string } };
}

describe('Google Business Profile live', { timeout: 120_000 }, () => {
  it('connects with offline access, picks a location, and turns its review notifications on', async () => {
    await connectedTeam();
    expect(google.world.notificationSettings.get('accounts/106000000000000000001')).toEqual({
      pubsubTopic: PUBSUB_TOPIC,
      notificationTypes: ['NEW_REVIEW', 'UPDATED_REVIEW'],
    });
  });

  it('publishes an offer with a photo once, and deletes it through /misc/google-business/post', async () => {
    const { key, teamId } = await connectedTeam();
    const image = await uploadMedia(t, key, 'square-1080.jpg');
    const id = await createPostNow(t, key, {
      teamId,
      title: 'Offer',
      type: 'GOOGLE_BUSINESS',
      data: {
        topicType: 'OFFER',
        text: 'Two croissants for one this week',
        uploadIds: [image.id],
        eventTitle: 'Croissant week',
        eventStartDate: '2026-12-01T08:00:00Z',
        eventEndDate: '2026-12-07T18:00:00Z',
        offerCouponCode: 'CROISSANT2',
        offerTermsConditions: 'One per customer',
      },
    });
    const post = await waitForPost(t, key, id, settled);
    expect(post.errors).toEqual({});
    expect(post.status).toBe('POSTED');
    const created = google.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/localPosts'));
    expect(created).toHaveLength(1);
    expect(created[0]!.path).toBe(`/v4/${GBP_LOCATION}/localPosts`);
    expect(created[0]!.body).toMatchObject({
      topicType: 'OFFER',
      summary: 'Two croissants for one this week',
      event: {
        title: 'Croissant week',
        schedule: { startDate: { year: 2026, month: 12, day: 1 }, startTime: { hours: 8, minutes: 0 }, endDate: { year: 2026, month: 12, day: 7 } },
      },
      offer: { couponCode: 'CROISSANT2', termsConditions: 'One per customer' },
      media: [{ mediaFormat: 'PHOTO', sourceUrl: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/media/`)) }],
    });
    const name = post.externalData.GOOGLE_BUSINESS!.id!;
    expect(name).toMatch(new RegExp(`^${GBP_LOCATION}/localPosts/`));
    expect(post.externalData.GOOGLE_BUSINESS!.permalink).toMatch(/^https:\/\/local\.google\.com\//);

    const removed = await t.request('DELETE', '/misc/google-business/post', { key, body: { teamId, postId: id } });
    expect(removed.status, removed.text).toBe(200);
    expect(google.world.locations.get(GBP_LOCATION)!.posts.some((candidate) => candidate.name === name)).toBe(false);
  });

  it('a review pushed by Pub/Sub reaches the review list and the events, once; the reply goes to Google', async () => {
    const { key, teamId, organizationId } = await connectedTeam();
    const { push } = google.review(GBP_LOCATION, { reviewId: 'rev-1', stars: 'FOUR', comment: 'Lovely bread', author: 'Grace' });
    expect(push).not.toBeNull();
    const sent = await t.app.request('/webhooks/google-business', { method: 'POST', headers: push!.headers, body: push!.body });
    expect(sent.status, await sent.clone().text()).toBe(200);
    // Pub/Sub delivers at least once: the same push again is stored once.
    expect((await t.app.request('/webhooks/google-business', { method: 'POST', headers: push!.headers, body: push!.body })).status).toBe(200);

    const list = async () => (await t.request('GET', `/misc/google-business/reviews?teamId=${teamId}&limit=100`, { key })).json;
    await expect.poll(async () => (await list()).reviews?.length, { timeout: 30_000 }).toBe(1);
    const [review] = (await list()).reviews;
    expect(review).toMatchObject({ externalReviewId: 'rev-1', comment: 'Lovely bread', starRating: 'FOUR' });
    const events = await t.services.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, organizationId), eq(outboxEvents.type, 'review.received')));
    expect(events).toHaveLength(1);

    // An edit on Google arrives as UPDATED_REVIEW.
    const edited = google.review(GBP_LOCATION, { reviewId: 'rev-1', stars: 'FIVE', comment: 'Lovely bread, now five stars', author: 'Grace' });
    expect((await t.app.request('/webhooks/google-business', { method: 'POST', headers: edited.push!.headers, body: edited.push!.body })).status).toBe(200);
    await expect.poll(async () => (await list()).reviews[0]?.comment, { timeout: 30_000 }).toBe('Lovely bread, now five stars');

    const reply = await t.request('PUT', `/misc/google-business/reviews/${review.id}/reply`, { key, body: { teamId, comment: 'Thank you, Grace!' } });
    expect(reply.status, reply.text).toBe(200);
    expect(google.world.locations.get(GBP_LOCATION)!.reviews[0]!.reviewReply?.comment).toBe('Thank you, Grace!');
  });

  it('refuses pushes that are not Google’s: no token, a forged one, another audience, the wrong shared token', async () => {
    const { push } = google.review(GBP_LOCATION, { reviewId: 'rev-forged', stars: 'ONE', comment: 'Forged', author: 'Mallory' });
    const send = (headers: Record<string, string>, path = '/webhooks/google-business') => t.app.request(path, { method: 'POST', headers, body: push!.body });
    expect((await send({ 'content-type': 'application/json' })).status).toBe(401);
    const forged = push!.headers.authorization.replace(/\.[^.]+$/, '.AAAA');
    expect((await send({ ...push!.headers, authorization: forged })).status).toBe(401);
    const otherAudience = google.pushRequest({ type: 'NEW_REVIEW' }, google.world.pushToken({ aud: 'https://elsewhere.example/' }));
    expect((await send(otherAudience.headers)).status).toBe(401);
    const expired = google.pushRequest({ type: 'NEW_REVIEW' }, google.world.pushToken({ exp: Math.floor(Date.now() / 1000) - 3600 }));
    expect((await send(expired.headers)).status).toBe(401);
    expect((await send({ 'content-type': 'application/json' }, '/webhooks/google-business?token=guess')).status).toBe(401);
  });

  it('edits the location live: profile, hours, attributes and place action links, as Google receives them', async () => {
    const { key, teamId } = await connectedTeam();
    const call = (method: string, path: string, body?: Record<string, unknown>) =>
      t.request(method, `/misc/google-business${path}`, { key, body: { teamId, ...body } });
    const read = await t.request('GET', `/misc/google-business/location?teamId=${teamId}&fields=title,categories`, { key });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toEqual({
      title: 'Corner Bakery Main Street',
      categories: { primaryCategory: { name: 'categories/gcid:bakery', displayName: 'Bakery' } },
    });

    const hours = await call('PATCH', '/location/hours', {
      fields: ['regularHours'],
      regularHours: { periods: [{ openDay: 'MONDAY', openTime: '07:30', closeDay: 'MONDAY', closeTime: '17:00' }] },
    });
    expect(hours.status, hours.text).toBe(200);
    const patch = google.calls.findLast((entry) => entry.method === 'PATCH' && entry.path === '/info/v1/locations/4100000000000000001')!;
    expect(patch.query.get('updateMask')).toBe('regularHours');
    expect(patch.body).toEqual({
      regularHours: { periods: [{ openDay: 'MONDAY', openTime: { hours: 7, minutes: 30 }, closeDay: 'MONDAY', closeTime: { hours: 17, minutes: 0 } }] },
    });

    // Google's refusal is the client's 400, with Google's words.
    const refused = await call('PATCH', '/location', { title: '   ' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/title must not be empty/);

    const attributes = await call('PATCH', '/location/attributes', { attributes: [{ name: 'attributes/has_outdoor_seating', values: [true] }] });
    expect(attributes.status, attributes.text).toBe(200);
    expect(google.world.locations.get(GBP_LOCATION)!.attributes).toEqual([{ name: 'attributes/has_outdoor_seating', values: [true] }]);
    const available = await t.request('GET', `/misc/google-business/location/attributes/available?teamId=${teamId}&pageSize=3`, { key });
    expect(available.json.attributes).toHaveLength(3);

    const link = await call('POST', '/location/place-action-links', {
      placeActionLink: { uri: 'https://order.example/', placeActionType: 'FOOD_ORDERING', isPreferred: true },
    });
    expect(link.status, link.text).toBe(200);
    expect(link.json.name).toMatch(/^locations\/4100000000000000001\/placeActionLinks\//);
    const duplicate = await call('POST', '/location/place-action-links', {
      placeActionLink: { uri: 'https://order.example/', placeActionType: 'FOOD_ORDERING' },
    });
    expect(duplicate.status).toBe(400);
    // A link of another location, by a forged name: not found, nothing sent to Google.
    const sentBefore = google.calls.length;
    expect((await call('DELETE', '/location/place-action-links', { name: 'locations/4100000000000000002/placeActionLinks/x' })).status).toBe(404);
    expect(google.calls.length).toBe(sentBefore);
    expect((await call('DELETE', '/location/place-action-links', { name: link.json.name })).json).toEqual({ success: true });
    expect(google.world.locations.get(GBP_LOCATION)!.links).toEqual([]);

    // Google's per-minute quota: a 429 with a reset.
    google.world.quotaExhausted = 1;
    const limited = await t.request('GET', `/misc/google-business/location/attributes?teamId=${teamId}`, { key });
    expect(limited.status).toBe(429);
  });
});
