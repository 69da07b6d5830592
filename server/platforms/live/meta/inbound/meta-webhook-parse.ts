import { z } from 'zod';
import type { InboundEvent, WebhookCapability } from '../../../connector';
import { PlatformError } from '../../../platform-error';
import { instagramChangeEvents, InstagramChange } from './instagram-changes';
import { MessagingItem, messagingEvents } from './messaging-events';
import { PageChange, pageChangeEvents } from './page-changes';

/**
 * A Meta webhook delivery (https://developers.facebook.com/docs/graph-api/webhooks/getting-started):
 * `{ object, entry: [{ id, time, changes?, messaging? }] }`, `object` being `page` (Facebook Pages,
 * Messenger) or `instagram` (both Instagram logins). Meta batches up to 1000 updates in one POST.
 */
export const MetaDelivery = z
  .object({
    object: z.string(),
    entry: z
      .array(
        z
          .object({
            id: z.string(),
            time: z.number(),
            changes: z.array(z.unknown()).optional(),
            messaging: z.array(z.unknown()).optional(),
            // A Page whose conversation another app controls (handover protocol) gets `standby` instead.
            standby: z.array(z.unknown()).optional(),
          })
          .passthrough(),
      )
      .max(1000),
  })
  .passthrough();

export type MetaDelivery = z.infer<typeof MetaDelivery>;

const MESSAGING_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_reactions',
  'messaging_seen',
  'message_reads',
  'message_deliveries',
  'message_echoes',
  'messaging_referral',
  'messaging_referrals',
];
const MessagingChange = z.object({ field: z.string().refine((field) => MESSAGING_FIELDS.includes(field)), value: MessagingItem });

/** Which Meta webhook object each platform reads. */
export const WEBHOOK_OBJECT = { FACEBOOK: 'page', INSTAGRAM: 'instagram' } as const;

/** `time` is in milliseconds for messaging deliveries and seconds for some change deliveries: read both. */
const millis = (time: number) => (time < 1e12 ? time * 1000 : time);

/**
 * The `webhooks.parse` of the Facebook and Instagram connectors: the delivery's items as normalized
 * events, each addressed to the entry's Page or Instagram account. One unreadable item is skipped
 * (Meta adds kinds of events), an unreadable delivery is refused.
 */
export function metaWebhookParser(platform: 'FACEBOOK' | 'INSTAGRAM', ownAppIds: string[]): WebhookCapability['parse'] {
  const apps = new Set(ownAppIds.filter(Boolean));
  return (payload) => {
    const delivery = MetaDelivery.safeParse(payload);
    if (!delivery.success || delivery.data.object !== WEBHOOK_OBJECT[platform]) {
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: `webhooks.parse: not a Meta ${WEBHOOK_OBJECT[platform]} webhook delivery`,
        httpStatus: 400,
        meta: { platform, operation: 'webhooks.parse' },
      });
    }
    const events: InboundEvent[] = [];
    for (const entry of delivery.data.entry) {
      const time = millis(entry.time);
      for (const raw of entry.messaging ?? []) {
        const item = MessagingItem.safeParse(raw);
        if (item.success) events.push(...messagingEvents(item.data, { accountId: entry.id, ownAppIds: apps }));
      }
      for (const raw of entry.changes ?? []) {
        // Messaging fields may come as changes too (the App Dashboard's test deliveries do): same item inside `value`.
        const messaging = MessagingChange.safeParse(raw);
        if (messaging.success) {
          events.push(...messagingEvents(messaging.data.value, { accountId: entry.id, ownAppIds: apps }));
          continue;
        }
        if (platform === 'INSTAGRAM') {
          const change = InstagramChange.safeParse(raw);
          if (change.success) events.push(...instagramChangeEvents(change.data, entry.id, time));
        } else {
          const change = PageChange.safeParse(raw);
          if (change.success) events.push(...pageChangeEvents(change.data, entry.id, time));
        }
      }
    }
    return events;
  };
}
