import { Hono } from 'hono';
import type { AppEnv } from '../context';
import type { Config } from '../config';
import { acceptsSigner, signedBy, verifyTokenMatches, type WebhookSecret } from '../platforms/live/meta/inbound/meta-webhook-signature';
import { PlatformError } from '../platforms/platform-error';
import { ingestWebhook } from './ingest.service';

export const META_WEBHOOK_PATH = '/webhooks/meta';

/** The Meta webhook object of each live platform. */
const PLATFORM_OF_OBJECT = { page: 'FACEBOOK', instagram: 'INSTAGRAM' } as const;

function secretsOf(config: Config): WebhookSecret[] {
  const secrets: WebhookSecret[] = [];
  if (config.META_APP_SECRET) secrets.push({ app: 'facebook', secret: config.META_APP_SECRET });
  if (config.INSTAGRAM_APP_SECRET) secrets.push({ app: 'instagram', secret: config.INSTAGRAM_APP_SECRET });
  return secrets;
}

const envelope = (statusCode: number, message: string) => ({ statusCode, message });

/**
 * Meta's webhook callback (decision 075), outside `/api/v1`: the App Dashboard's subscription
 * handshake (GET) and the signed deliveries (POST). A delivery is verified against its raw bytes
 * (the global body limit caps them) before anything is parsed; a missing or wrong signature is
 * `401` and nothing is stored. A verified delivery goes through the one ingest path the sandbox
 * uses, which stores each event once (its Meta id is the dedupe key), then answers `200`.
 */
export function metaWebhookRouter() {
  const router = new Hono<AppEnv>();

  router.get(META_WEBHOOK_PATH, (c) => {
    const token = c.var.services.config.META_WEBHOOK_VERIFY_TOKEN;
    if (!token) return c.json(envelope(404, 'Meta webhooks are not configured on this server (META_WEBHOOK_VERIFY_TOKEN)'), 404);
    const mode = c.req.query('hub.mode');
    const challenge = c.req.query('hub.challenge');
    if (mode !== 'subscribe' || !challenge || !verifyTokenMatches(c.req.query('hub.verify_token'), token)) {
      return c.json(envelope(403, 'The verify token does not match META_WEBHOOK_VERIFY_TOKEN'), 403);
    }
    // Meta expects the challenge back as the whole body.
    return c.text(challenge, 200);
  });

  router.post(META_WEBHOOK_PATH, async (c) => {
    const { services } = c.var;
    const secrets = secretsOf(services.config);
    if (secrets.length === 0) return c.json(envelope(404, 'Meta is not configured on this server'), 404);
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const signer = signedBy(raw, c.req.header('x-hub-signature-256'), secrets);
    if (!signer) return c.json(envelope(401, 'Missing or invalid X-Hub-Signature-256'), 401);

    let payload: { object?: unknown };
    try {
      payload = JSON.parse(new TextDecoder().decode(raw)) as { object?: unknown };
    } catch {
      return c.json(envelope(400, 'The delivery is not JSON'), 400);
    }
    const object = typeof payload?.object === 'string' ? payload.object : '';
    if (!acceptsSigner(object, signer)) return c.json(envelope(401, `A ${object || 'delivery'} webhook signed by the wrong app`), 401);
    const platform = PLATFORM_OF_OBJECT[object as keyof typeof PLATFORM_OF_OBJECT];
    // Anything else Meta may send (another object subscribed on the app, a platform not live here)
    // is acknowledged: an error would only make Meta retry, then disable the subscription.
    if (!platform || !services.config.LIVE_PLATFORMS.includes(platform)) {
      services.logger.info('meta webhook delivery ignored', { object, live: services.config.LIVE_PLATFORMS });
      return c.json({ received: true, stored: 0 }, 200);
    }
    try {
      const stored = await ingestWebhook(services, { platform, payload, source: 'webhook' });
      return c.json({ received: true, stored: stored.length }, 200);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // A signed delivery we cannot read: kept out, logged, and acknowledged (Meta would retry it forever).
      services.logger.warn('meta webhook delivery unreadable', { object, error: error.message });
      return c.json({ received: true, stored: 0 }, 200);
    }
  });

  return router;
}
