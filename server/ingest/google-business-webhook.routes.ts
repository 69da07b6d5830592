import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { withCredentials } from '../accounts/credentials';
import type { Config } from '../config';
import type { AppEnv } from '../context';
import { socialAccounts } from '../db/schema/social-accounts';
import { pushAuthOf } from '../platforms/live/google-business/gbp-config';
import { pushRefusal } from '../platforms/live/google-business/gbp-push-auth';
import type { GbpReviewDelivery } from '../platforms/live/google-business/gbp-webhooks';
import { LiveHttpClient } from '../platforms/live/live-http';
import { PlatformError } from '../platforms/platform-error';
import { ingestWebhook } from './ingest.service';

export const GOOGLE_BUSINESS_WEBHOOK_PATH = '/webhooks/google-business';

/** A Pub/Sub push request body (https://cloud.google.com/pubsub/docs/push#receive_push). */
const PushBody = z.object({
  message: z.object({ data: z.string().max(64_000), messageId: z.string().optional(), publishTime: z.string().optional() }),
  subscription: z.string().optional(),
});
/** The Business Profile notification in the message's data. */
const Notification = z.object({ type: z.string(), locationName: z.string().optional(), reviewName: z.string().optional() });

const envelope = (statusCode: number, message: string) => ({ statusCode, message });
const clients = new WeakMap<Config, LiveHttpClient>();
const httpOf = (config: Config) => {
  let client = clients.get(config);
  if (!client) clients.set(config, (client = new LiveHttpClient({ timeoutMs: config.LIVE_HTTP_TIMEOUT_SECONDS * 1000, retries: 2, concurrencyPerAccount: 4 })));
  return client;
};

/**
 * Google Business Profile's review notifications, pushed by Pub/Sub (decision 093), outside
 * `/api/v1`. The push is authenticated first (Google's OIDC token, or the shared token of the
 * push URL): `401` and nothing read otherwise. A `NEW_REVIEW` or `UPDATED_REVIEW` of a location a
 * live account selected is read from Google (the notification names the review, it does not carry
 * it) and goes through the one ingest path, deduplicated by the review's version. Anything else is
 * acknowledged; a failure to read the review answers `503` so Pub/Sub delivers it again later.
 */
export function googleBusinessWebhookRouter() {
  const router = new Hono<AppEnv>();
  router.post(GOOGLE_BUSINESS_WEBHOOK_PATH, async (c) => {
    const { services } = c.var;
    const { config } = services;
    if (!config.LIVE_PLATFORMS.includes('GOOGLE_BUSINESS') || (!config.GOOGLE_BUSINESS_PUSH_AUDIENCE && !config.GOOGLE_BUSINESS_PUSH_TOKEN)) {
      return c.json(envelope(404, 'Google Business notifications are not configured on this server'), 404);
    }
    const refusal = await pushRefusal(pushAuthOf(config, httpOf(config)), { authorization: c.req.header('authorization'), token: c.req.query('token') });
    if (refusal) return c.json(envelope(401, `Not a Pub/Sub push of this server's subscription: ${refusal}`), 401);

    let notification: z.infer<typeof Notification>;
    try {
      const body = PushBody.parse(await c.req.json());
      notification = Notification.parse(JSON.parse(Buffer.from(body.message.data, 'base64').toString('utf8')));
    } catch {
      // Acknowledged: Pub/Sub would redeliver an unreadable message forever.
      services.logger.warn('google business push unreadable');
      return c.json({ received: true, stored: 0 }, 200);
    }
    const { type, locationName, reviewName } = notification;
    if ((type !== 'NEW_REVIEW' && type !== 'UPDATED_REVIEW') || !locationName || !reviewName) return c.json({ received: true, stored: 0 }, 200);

    const [account] = await services.db
      .select()
      .from(socialAccounts)
      .where(
        and(
          eq(socialAccounts.type, 'GOOGLE_BUSINESS'),
          eq(socialAccounts.mode, 'live'),
          eq(socialAccounts.externalId, locationName),
          isNull(socialAccounts.deletedAt),
        ),
      )
      .limit(1);
    if (!account) return c.json({ received: true, stored: 0 }, 200);

    let review: GbpReviewDelivery['review'];
    try {
      review = await withCredentials(services, account, async (_connector, credentials) => {
        const v4 = config.GOOGLE_BUSINESS_V4_URL;
        // The review as Google has it now (an edit after the notification shows its latest version).
        const http = httpOf(config);
        const answer = await http.json<GbpReviewDelivery['review']>({
          platform: 'GOOGLE_BUSINESS',
          operation: 'push.review',
          accountKey: `GOOGLE_BUSINESS:${account.id}`,
          url: `${v4}/${reviewName}`,
          headers: { authorization: `Bearer ${credentials.accessToken}` },
        });
        return answer;
      });
    } catch (error) {
      if (error instanceof PlatformError && error.code === 'NOT_FOUND') return c.json({ received: true, stored: 0 }, 200);
      services.logger.warn('google business review could not be read', { error: error instanceof Error ? error.message : String(error) });
      return c.json(envelope(503, 'The review could not be read from Google; deliver again later'), 503);
    }
    const delivery: GbpReviewDelivery = { object: 'google-business-review', notification: { type, locationName, reviewName }, review };
    const stored = await ingestWebhook(services, { platform: 'GOOGLE_BUSINESS', payload: delivery, source: 'webhook' });
    return c.json({ received: true, stored: stored.length }, 200);
  });
  return router;
}
