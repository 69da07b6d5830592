// Browser-safe (see docs/decisions/011): the delivery log's filter and the table definitions share these lists.

export const webhookDeliveryStatus = ['pending', 'delivered', 'failed', 'paused'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatus)[number];

export const webhookAttemptStatus = ['sending', 'succeeded', 'failed', 'interrupted'] as const;
export type WebhookAttemptStatus = (typeof webhookAttemptStatus)[number];
