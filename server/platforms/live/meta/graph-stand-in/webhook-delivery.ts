import { createHmac } from 'node:crypto';
import type { StandInComment, StandInMessage } from './messaging-world';

/**
 * Webhook deliveries as Meta sends them (https://developers.facebook.com/docs/graph-api/webhooks/getting-started,
 * Instagram's and Messenger's payload references): `{ object, entry: [{ id, time, … }] }` POSTed as
 * JSON with `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body with the app secret>`.
 */
export type Delivery = { object: 'page' | 'instagram'; entry: Record<string, unknown>[] };

/** A person's message (`messages` field): `messaging` with sender, recipient, timestamp and the message. */
export function messageDelivery(object: Delivery['object'], account: string, message: StandInMessage, extra: Record<string, unknown> = {}): Delivery {
  return {
    object,
    entry: [
      {
        id: account,
        time: Date.now(),
        messaging: [
          {
            sender: { id: message.from },
            recipient: { id: account },
            timestamp: message.at,
            message: {
              mid: message.id,
              ...(message.text !== null ? { text: message.text } : {}),
              ...(message.attachments.length ? { attachments: message.attachments.map((item) => ({ type: item.type, payload: { url: item.url } })) } : {}),
              ...extra,
            },
          },
        ],
      },
    ],
  };
}

/** Any other `messaging` item (a postback, a reaction, a read receipt, an echo), as given. */
export function messagingDelivery(object: Delivery['object'], account: string, item: Record<string, unknown>): Delivery {
  return { object, entry: [{ id: account, time: Date.now(), messaging: [item] }] };
}

/**
 * How a person reached the thread, as Meta documents it (Messenger's `messaging_referrals` reference,
 * Instagram's ig.me links): an m.me link (`SHORTLINK`), an ig.me link (`SHORTLINKS`), an ad (`ADS`,
 * with `ad_id`), always `type: OPEN_THREAD`.
 */
export function referralOf(via: { ref?: string; adId?: string; link: 'm.me' | 'ig.me' | 'ad' }): Record<string, unknown> {
  if (via.link === 'ad') return { ...(via.ref ? { ref: via.ref } : {}), ad_id: via.adId ?? '6045246247433', source: 'ADS', type: 'OPEN_THREAD' };
  return { ref: via.ref ?? '', source: via.link === 'm.me' ? 'SHORTLINK' : 'SHORTLINKS', type: 'OPEN_THREAD' };
}

/** Someone reacting to a Page's post: the `feed` field's change with `item: reaction` (Page webhooks reference). */
export function postReactionDelivery(page: string, postId: string, from: { id: string; name: string }, verb: 'add' | 'remove' = 'add'): Delivery {
  const change = {
    field: 'feed',
    value: { item: 'reaction', verb, reaction_type: 'like', post_id: postId, parent_id: postId, created_time: Math.floor(Date.now() / 1000), from },
  };
  return { object: 'page', entry: [{ id: page, time: Math.floor(Date.now() / 1000), changes: [change] }] };
}

/** A new comment: Instagram's `comments` field, or a Page's `feed` change with `item: comment`. */
export function commentDelivery(object: Delivery['object'], comment: StandInComment): Delivery {
  const change =
    object === 'instagram'
      ? {
          field: 'comments',
          value: {
            id: comment.id,
            from: { id: comment.from.id, username: comment.from.username },
            text: comment.text,
            media: { id: comment.postId, media_product_type: 'FEED' },
            ...(comment.parentId ? { parent_id: comment.parentId } : {}),
          },
        }
      : {
          field: 'feed',
          value: {
            item: 'comment',
            verb: 'add',
            comment_id: comment.id,
            post_id: comment.postId,
            parent_id: comment.parentId ?? comment.postId,
            message: comment.text,
            created_time: Math.floor(comment.at / 1000),
            from: { id: comment.from.id, name: comment.from.name },
          },
        };
  return { object, entry: [{ id: comment.account, time: Math.floor(Date.now() / 1000), changes: [change] }] };
}

export function signature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Where a delivery is POSTed: the app's callback (in tests, the app in-process). */
export type Callback = (body: string, headers: Record<string, string>) => Response | Promise<Response>;

/** POSTs the delivery to the app's callback, signed with `secret` (or with the header a test forges, or none). */
export async function deliver(callback: Callback, delivery: unknown, secret: string, options: { signature?: string | null } = {}): Promise<Response> {
  const body = JSON.stringify(delivery);
  const header = options.signature === undefined ? signature(body, secret) : options.signature;
  return callback(body, { 'content-type': 'application/json', ...(header !== null ? { 'x-hub-signature-256': header } : {}) });
}
