import type { MessagingActor } from './messaging-actor';

/**
 * The Conversations API (https://developers.facebook.com/docs/messenger-platform/conversations,
 * Instagram: `GET /me/conversations?platform=instagram` on graph.instagram.com): the account's
 * threads, most recently updated first, each with its latest messages (Meta returns details of the
 * 20 most recent only). What findByIntent searches and what the poller reads.
 */
export type GraphMessage = {
  id: string;
  created_time: string;
  from?: { id: string; username?: string; name?: string };
  to?: { data?: { id: string; username?: string; name?: string }[] };
  message?: string;
  attachments?: { data?: { image_data?: { url?: string }; video_data?: { url?: string }; file_url?: string; mime_type?: string }[] };
};

export type GraphConversation = { id: string; updated_time: string; messages?: { data?: GraphMessage[] } };

const MESSAGE_FIELDS = 'id,created_time,from,to,message,attachments';
/** Threads read per lookup: enough for the last minutes of a busy inbox, within the Conversations API's 2 calls a second. */
const THREAD_PAGE = 25;

/** Meta's times have whole seconds: a bound in milliseconds is rounded down to compare with them. */
export const toSecond = (at: Date) => Math.floor(at.getTime() / 1000) * 1000;

/** Meta writes `+0000`; `Date.parse` wants `+00:00` to be sure. */
export const graphTime = (value: string) => new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

/** Threads updated since `after` (one page, newest first), or the one thread with `userId`. */
export async function recentConversations(
  actor: MessagingActor,
  operation: string,
  input: { after: Date; userId?: string | null },
): Promise<GraphConversation[]> {
  const answer = await actor.graph.call<{ data?: GraphConversation[] }>({
    operation,
    path: `/${actor.node}/conversations`,
    token: actor.token,
    query: {
      platform: actor.conversations,
      fields: `id,updated_time,messages.limit(20){${MESSAGE_FIELDS}}`,
      limit: String(THREAD_PAGE),
      ...(input.userId ? { user_id: input.userId } : {}),
    },
  });
  return (answer.data ?? []).filter((thread) => graphTime(thread.updated_time).getTime() >= toSecond(input.after));
}
