import { z } from 'zod';
import type { InboundEvent } from '../../../connector';

/**
 * One item of an entry's `messaging` array, the envelope the Messenger Platform and Instagram
 * messaging share (https://developers.facebook.com/docs/messenger-platform/webhooks, Instagram
 * "Messaging payload"): `sender`, `recipient`, `timestamp` and one of `message`, `postback`,
 * `reaction`, `read`, `delivery`, `referral`. Unknown members are let through: Meta adds fields.
 */
const Id = z.object({ id: z.string() }).passthrough();
/**
 * How the person reached the thread (https://developers.facebook.com/docs/messenger-platform/reference/webhook-events/messaging_referrals,
 * Instagram's ig.me links and click-to-Instagram ads): an m.me/ig.me link's `ref`, an ad (`ad_id`), a
 * shop or customer chat plugin. Meta sends it standalone (`messaging_referral`, a thread that
 * already existed), or inside the postback (Get Started, an ice breaker) or message that opens one.
 */
const Referral = z
  .object({
    ref: z.string().optional(),
    source: z.string().optional(),
    type: z.string().optional(),
    ad_id: z.union([z.string(), z.number()]).optional(),
    referer_uri: z.string().optional(),
  })
  .passthrough();
const Attachment = z
  .object({ type: z.string(), payload: z.object({ url: z.string().optional(), title: z.string().optional() }).passthrough().nullish() })
  .passthrough();

export const MessagingItem = z
  .object({
    sender: Id,
    recipient: Id,
    timestamp: z.number(),
    message: z
      .object({
        mid: z.string(),
        text: z.string().optional(),
        attachments: z.array(Attachment).optional(),
        is_echo: z.boolean().optional(),
        is_deleted: z.boolean().optional(),
        is_unsupported: z.boolean().optional(),
        app_id: z.union([z.number(), z.string()]).optional(),
        metadata: z.string().optional(),
        quick_reply: z.object({ payload: z.string() }).passthrough().optional(),
        reply_to: z
          .object({ mid: z.string().optional(), story: z.object({ id: z.string().optional(), url: z.string().optional() }).passthrough().optional() })
          .passthrough()
          .optional(),
        referral: Referral.optional(),
      })
      .passthrough()
      .optional(),
    postback: z
      .object({ mid: z.string().optional(), title: z.string().optional(), payload: z.string().optional(), referral: Referral.optional() })
      .passthrough()
      .optional(),
    reaction: z
      .object({ mid: z.string(), action: z.enum(['react', 'unreact']), reaction: z.string().optional(), emoji: z.string().optional() })
      .passthrough()
      .optional(),
    read: z.object({ mid: z.string().optional(), watermark: z.number().optional() }).passthrough().optional(),
    delivery: z
      .object({ mids: z.array(z.string()).optional(), watermark: z.number() })
      .passthrough()
      .optional(),
    referral: Referral.optional(),
  })
  .passthrough();

export type MessagingItem = z.infer<typeof MessagingItem>;

/** What marks a Send API call as ours in its echo (`metadata`, decision 075): the send path records those itself. */
export const SEND_METADATA_PREFIX = 'socialdesk:';

type Context = {
  /** The Page or Instagram account the entry is for. */
  accountId: string;
  /** Our app ids: an echo one of them sent is a send the service already records. */
  ownAppIds: ReadonlySet<string>;
};

/** The person, as the inbox stores them: Meta sends only an id (names are read from the profile API). */
const person = (id: string) => ({ id, name: null, username: null });

/** A referral as the inbox keeps it on the message it came with (decision 079). */
function referralOf(referral: z.infer<typeof Referral> | undefined): Record<string, unknown> {
  if (!referral) return {};
  return {
    referral: {
      source: referral.source ?? null,
      type: referral.type ?? null,
      ref: referral.ref ?? null,
      adId: referral.ad_id === undefined ? null : String(referral.ad_id),
    },
  };
}

/**
 * The normalized events of one messaging item: a message (or a quick-reply tap), a button tap, a
 * reaction, a read or delivery receipt, an unsend, an echo of what the owner sent elsewhere. Event
 * ids come from Meta's message ids, so a redelivery (or the poller finding the same message) is
 * stored once. A referral (an m.me/ig.me link's `ref`, an ad) is kept on the message or tap it
 * came with; a standalone one (`messaging_referral`: someone already in a thread came back through
 * a link or an ad, and wrote nothing) has no place in the inbox and produces nothing (decision 079).
 */
export function messagingEvents(item: MessagingItem, context: Context): InboundEvent[] {
  const occurredAt = new Date(item.timestamp);
  const event = (kind: InboundEvent['kind'], externalEventId: string, data: Record<string, unknown>): InboundEvent[] => [
    { kind, externalEventId, recipientExternalId: context.accountId, occurredAt, data },
  ];
  const sender = person(item.sender.id);
  const { message } = item;

  if (message) {
    if (message.is_echo) {
      const ours = (message.metadata ?? '').startsWith(SEND_METADATA_PREFIX) || context.ownAppIds.has(String(message.app_id ?? ''));
      if (ours) return [];
      return event('message.echo', `echo:${message.mid}`, { messageId: message.mid, recipientId: item.recipient.id, text: message.text ?? null, isEcho: true });
    }
    if (message.is_deleted) return event('message.unsent', `unsent:${message.mid}`, { messageId: message.mid, sender });
    if (message.quick_reply) {
      return event('message.postback', message.mid, {
        messageId: message.mid,
        sender,
        postbackType: 'QUICK_REPLY',
        payload: message.quick_reply.payload,
        title: message.text ?? '',
        ...referralOf(message.referral),
      });
    }
    return event('message.created', message.mid, {
      messageId: message.mid,
      sender,
      text: message.text ?? null,
      attachments: attachmentsOf(message),
      replyToMessageId: message.reply_to?.mid ?? null,
      ...(message.reply_to?.story ? { storyReply: { id: message.reply_to.story.id ?? null, url: message.reply_to.story.url ?? null } } : {}),
      ...(message.is_unsupported ? { unsupported: true } : {}),
      ...referralOf(message.referral),
    });
  }
  if (item.postback) {
    const id = item.postback.mid ?? `${item.sender.id}:${item.timestamp}`;
    return event('message.postback', `postback:${id}`, {
      messageId: id,
      sender,
      postbackType: 'BUTTON',
      payload: item.postback.payload ?? '',
      title: item.postback.title ?? '',
      ...referralOf(item.postback.referral),
    });
  }
  if (item.reaction) {
    const { mid, action } = item.reaction;
    // Instagram names the reaction (`love`) and the emoji; Messenger the emoji and a reaction name.
    const reaction = item.reaction.reaction ?? item.reaction.emoji ?? 'love';
    return event('message.reaction', `reaction:${mid}:${item.sender.id}:${action}:${reaction}:${item.timestamp}`, {
      sender,
      messageId: mid,
      reaction,
      action,
    });
  }
  if (item.read) {
    // Messenger reads carry a watermark (everything up to it was seen); Instagram's `messaging_seen` the last message seen.
    const watermark = new Date(item.read.watermark ?? item.timestamp).toISOString();
    return event('message.read', `read:${item.sender.id}:${item.read.mid ?? item.read.watermark ?? item.timestamp}`, { sender, watermark });
  }
  if (item.delivery) {
    const watermark = new Date(item.delivery.watermark).toISOString();
    return event('message.delivered', `delivery:${item.sender.id}:${item.delivery.watermark}`, { sender, messageIds: item.delivery.mids ?? [], watermark });
  }
  return [];
}

/** Attachments as the inbox stores them; a story mention (Instagram) is an image of the story, its link expiring. */
function attachmentsOf(message: NonNullable<MessagingItem['message']>): { type: string; url: string | null }[] {
  return (message.attachments ?? []).map((attachment) => {
    const type = attachment.type === 'story_mention' ? 'image' : attachment.type;
    return { type, url: attachment.payload?.url ?? null };
  });
}
