import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** Standard Webhooks secret: `whsec_` and base64 of 32 random bytes (the spec allows 24 to 64). */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** `x-signature`: hex HMAC-SHA256 of the raw body, keyed with the whole secret string as given to the user. */
export function plainSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
  'x-signature': string;
};

/**
 * Signs one attempt with every active secret, newest first: during a rotation overlap receivers
 * holding either the old or the new secret can verify. `webhook-signature` lists space-separated
 * `v1,…` values (Standard Webhooks); `x-signature` lists comma-separated hex values.
 */
export function signDelivery(params: { secrets: string[]; messageId: string; body: string; timestamp: Date }): SignedHeaders {
  const standard = params.secrets.map((secret) => new Webhook(secret).sign(params.messageId, params.timestamp, params.body));
  const plain = params.secrets.map((secret) => plainSignature(secret, params.body));
  return {
    'webhook-id': params.messageId,
    'webhook-timestamp': String(Math.floor(params.timestamp.getTime() / 1000)),
    'webhook-signature': standard.join(' '),
    'x-signature': plain.join(','),
  };
}
