import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta signs every webhook POST with `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the
 * raw body keyed with the app secret of the app the subscription belongs to
 * (https://developers.facebook.com/docs/graph-api/webhooks/getting-started#validate-payloads). Pages
 * and Instagram through Facebook Login are the Meta app's (`META_APP_SECRET`); Instagram API with
 * Instagram Login subscriptions are signed with the Instagram app secret (`INSTAGRAM_APP_SECRET`).
 */
export type WebhookSecret = { app: 'facebook' | 'instagram'; secret: string };

const PREFIX = 'sha256=';

/** Which app's secret signed the body, or null: a missing, malformed or wrong signature. Constant time per secret. */
export function signedBy(rawBody: Uint8Array, header: string | undefined, secrets: WebhookSecret[]): WebhookSecret['app'] | null {
  if (!header?.startsWith(PREFIX)) return null;
  const hex = header.slice(PREFIX.length).trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  const given = Buffer.from(hex, 'hex');
  let found: WebhookSecret['app'] | null = null;
  // Every secret is tried (no early return), so the answer's timing does not say which came close.
  for (const { app, secret } of secrets) {
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    if (timingSafeEqual(expected, given) && !found) found = app;
  }
  return found;
}

/** Which secrets may sign a delivery of this object: Page deliveries come only from the Meta app. */
export function acceptsSigner(object: string, app: WebhookSecret['app']): boolean {
  if (object === 'page') return app === 'facebook';
  if (object === 'instagram') return true;
  return false;
}

/** The `hub.verify_token` of the subscription handshake, compared in constant time. */
export function verifyTokenMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = createHmac('sha256', 'verify-token').update(given).digest();
  const b = createHmac('sha256', 'verify-token').update(expected).digest();
  return timingSafeEqual(a, b);
}
