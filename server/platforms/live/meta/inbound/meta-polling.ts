import type { MetaGraph } from '../meta-graph';
import { graphTime, recentConversations, toSecond, type GraphMessage } from '../messaging/meta-conversations';
import { messagingError } from '../messaging/meta-messaging-errors';
import type { MessagingActor, Network } from '../messaging/messaging-actor';
import { WEBHOOK_OBJECT } from './meta-webhook-parse';

type IgComment = { id: string; text?: string; timestamp: string; from?: { id: string; username?: string }; username?: string; parent_id?: string };
type FbComment = { id: string; message?: string; created_time: string; from?: { id: string; name?: string }; parent?: { id: string } };

/**
 * The polling fallback (decision 075): where no webhook reaches the service, the account's recent
 * activity is read from Meta and shaped as the webhook delivery Meta would have sent, so it goes
 * through the same parser and ingest path and gets the same event ids (a message's `mid`, a
 * comment's id): whichever path sees an item first stores it, the other is a duplicate. Read:
 * - the conversations updated since `since` (their latest messages from other people);
 * - the comments on the posts the service published there recently.
 * The account's own messages are not read back: the send path records them.
 */
export async function pollMetaActivity(actor: MessagingActor, platform: Network, input: { since: Date; postIds: string[] }): Promise<unknown[]> {
  const operation = 'webhooks.poll';
  const since = toSecond(input.since);
  const threads = await recentConversations(actor, operation, { after: input.since }).catch((error: unknown) => {
    throw messagingError(error);
  });
  const messaging = threads
    .flatMap((thread) => thread.messages?.data ?? [])
    .filter((message) => message.from && message.from.id !== actor.selfId && graphTime(message.created_time).getTime() >= since)
    .map((message) => messagingItem(message, actor.selfId));

  const changes: unknown[] = [];
  for (const postId of input.postIds) {
    if (platform === 'INSTAGRAM') changes.push(...(await instagramComments(actor.graph, actor.token, postId, since)));
    else changes.push(...(await facebookComments(actor.graph, actor.token, postId, since)));
  }
  if (messaging.length === 0 && changes.length === 0) return [];
  return [{ object: WEBHOOK_OBJECT[platform], entry: [{ id: actor.selfId, time: Date.now(), messaging, changes }] }];
}

function messagingItem(message: GraphMessage, selfId: string) {
  const attachments = (message.attachments?.data ?? []).flatMap((attachment) => {
    if (attachment.image_data?.url) return [{ type: 'image', payload: { url: attachment.image_data.url } }];
    if (attachment.video_data?.url) return [{ type: 'video', payload: { url: attachment.video_data.url } }];
    if (attachment.file_url) return [{ type: attachment.mime_type?.startsWith('audio/') ? 'audio' : 'file', payload: { url: attachment.file_url } }];
    return [];
  });
  return {
    sender: { id: message.from!.id },
    recipient: { id: selfId },
    timestamp: graphTime(message.created_time).getTime(),
    message: { mid: message.id, ...(message.message ? { text: message.message } : {}), ...(attachments.length ? { attachments } : {}) },
  };
}

/** `GET /{ig-media-id}/comments`: the media's comments, newest first, as `comments` changes. */
async function instagramComments(graph: MetaGraph, token: string, mediaId: string, since: number) {
  // One page, newest first: a poll every few minutes needs only the latest.
  const { data: comments = [] } = await graph.call<{ data?: IgComment[] }>({
    operation: 'webhooks.poll',
    path: `/${mediaId}/comments`,
    token,
    query: { fields: 'id,text,timestamp,from,username,parent_id', limit: '50' },
  });
  return comments
    .filter((comment) => graphTime(comment.timestamp).getTime() >= since)
    .map((comment) => ({
      field: 'comments',
      value: {
        id: comment.id,
        text: comment.text,
        from: { id: comment.from?.id ?? 'unknown', username: comment.from?.username ?? comment.username },
        media: { id: mediaId },
        ...(comment.parent_id ? { parent_id: comment.parent_id } : {}),
      },
    }));
}

/** `GET /{post-id}/comments?filter=stream`: comments and replies in time order, as `feed` changes. */
async function facebookComments(graph: MetaGraph, token: string, postId: string, since: number) {
  const { data: comments = [] } = await graph.call<{ data?: FbComment[] }>({
    operation: 'webhooks.poll',
    path: `/${postId}/comments`,
    token,
    query: { fields: 'id,message,created_time,from,parent{id}', filter: 'stream', order: 'reverse_chronological', limit: '50' },
  });
  return comments
    .filter((comment) => graphTime(comment.created_time).getTime() >= since)
    .map((comment) => ({
      field: 'feed',
      value: {
        item: 'comment',
        verb: 'add',
        comment_id: comment.id,
        post_id: postId,
        parent_id: comment.parent?.id ?? postId,
        message: comment.message,
        created_time: Math.floor(graphTime(comment.created_time).getTime() / 1000),
        ...(comment.from ? { from: comment.from } : {}),
      },
    }));
}
