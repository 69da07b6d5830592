import { startLocalReceiver } from '../test-kit/local-receiver';
import { installGbpRoutes, PREFIX } from './gbp-stand-in/gbp-routes';
import { createGbpWorld, GBP_CLIENT_ID, GBP_CLIENT_SECRET, PUBSUB_TOPIC, PUSH_AUDIENCE, PUSH_SERVICE_ACCOUNT, type Review } from './gbp-stand-in/gbp-world';

/**
 * The Google Business Profile stand-in on 127.0.0.1 (decision 093) and the settings that point the
 * app at it: every Google host setting is a prefix of the one server.
 */
export async function startGbpStandIn(options: { publicUrl: string }) {
  const receiver = await startLocalReceiver();
  const world = createGbpWorld();
  const { calls } = installGbpRoutes(receiver, world, { redirectUris: [`${options.publicUrl}/connect/callback`] });
  const url = (prefix: string) => `${receiver.url}${prefix}`;
  const env = {
    LIVE_PLATFORMS: 'GOOGLE_BUSINESS',
    GOOGLE_BUSINESS_CLIENT_ID: GBP_CLIENT_ID,
    GOOGLE_BUSINESS_CLIENT_SECRET: GBP_CLIENT_SECRET,
    GOOGLE_BUSINESS_AUTHORIZE_URL: url(PREFIX.authorize),
    GOOGLE_BUSINESS_TOKEN_URL: url(PREFIX.token),
    GOOGLE_BUSINESS_USERINFO_URL: url(PREFIX.userinfo),
    GOOGLE_BUSINESS_ACCOUNTS_URL: url(PREFIX.accounts),
    GOOGLE_BUSINESS_INFORMATION_URL: url(PREFIX.information),
    GOOGLE_BUSINESS_V4_URL: url(PREFIX.v4),
    GOOGLE_BUSINESS_PLACE_ACTIONS_URL: url(PREFIX.placeActions),
    GOOGLE_BUSINESS_NOTIFICATIONS_URL: url(PREFIX.notifications),
    GOOGLE_BUSINESS_PERFORMANCE_URL: url(PREFIX.performance),
    GOOGLE_OIDC_CERTS_URL: url(PREFIX.certs),
    GOOGLE_BUSINESS_PUBSUB_TOPIC: PUBSUB_TOPIC,
    GOOGLE_BUSINESS_PUSH_AUDIENCE: PUSH_AUDIENCE,
    GOOGLE_BUSINESS_PUSH_SERVICE_ACCOUNT: PUSH_SERVICE_ACCOUNT,
  };

  /** Someone writes (or edits) a review on Google; answers the review and the Pub/Sub push Google would send, if notifications are on. */
  function review(location: string, input: { reviewId: string; stars: Review['starRating']; comment: string; author: string }) {
    const place = world.locations.get(location)!;
    const at = new Date(world.now()).toISOString();
    const existing = place.reviews.find((candidate) => candidate.reviewId === input.reviewId);
    const type = existing ? 'UPDATED_REVIEW' : 'NEW_REVIEW';
    const current: Review = existing ?? {
      name: `${location}/reviews/${input.reviewId}`,
      reviewId: input.reviewId,
      reviewer: { displayName: input.author },
      starRating: input.stars,
      createTime: at,
      updateTime: at,
    };
    Object.assign(current, { starRating: input.stars, comment: input.comment, updateTime: at });
    if (!existing) place.reviews.push(current);
    const account = /^(accounts\/[^/]+)\//.exec(location)![1]!;
    const setting = world.notificationSettings.get(account);
    const published = setting?.pubsubTopic === PUBSUB_TOPIC && setting.notificationTypes.includes(type);
    return { review: current, push: published ? pushRequest({ type, locationName: location, reviewName: current.name }) : null };
  }

  /** A Pub/Sub push request as Google sends it to the subscription's endpoint. */
  function pushRequest(data: Record<string, unknown>, token = world.pushToken()) {
    return {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: { data: Buffer.from(JSON.stringify(data)).toString('base64'), messageId: world.mint(''), publishTime: new Date(world.now()).toISOString() },
        subscription: 'projects/socialdesk-test/subscriptions/gbp-reviews-push',
      }),
    };
  }

  return { receiver, world, calls, env, review, pushRequest, close: () => receiver.close() };
}

export type GbpStandIn = Awaited<ReturnType<typeof startGbpStandIn>>;
