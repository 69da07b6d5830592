import type { AnalyticsCapability } from '../../../analytics';
import type { CommentsCapability, PlatformComment } from '../../../comments';
import type { HistoryCapability, HistoryItem } from '../../../history';
import type { MetaConfig } from '../meta-config';
import { insightValue } from './instagram-reading';
import { metaActing, notOffered, onePage, requireGranted } from './meta-acting';

type ThreadsPost = {
  id: string;
  media_type?: 'TEXT_POST' | 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM' | 'AUDIO' | 'REPOST_FACADE';
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
  text?: string;
  timestamp?: string;
  children?: { data?: { id: string; media_type?: string; media_url?: string; thumbnail_url?: string }[] };
};
type ThreadsReply = {
  id: string;
  text?: string;
  timestamp?: string;
  username?: string;
  permalink?: string;
  hide_status?: string;
  has_replies?: boolean;
  replied_to?: { id?: string };
  root_post?: { id?: string };
  is_reply_owned_by_me?: boolean;
};
type Insight = { name: string; values?: { value?: number }[]; total_value?: { value?: number } };

const POST_FIELDS = 'id,media_type,media_url,thumbnail_url,permalink,text,timestamp,children{id,media_type,media_url,thumbnail_url}';
const REPLY_FIELDS = 'id,text,timestamp,username,permalink,hide_status,has_replies,replied_to,root_post,is_reply_owned_by_me';
const MAX_PAGE = 100;
/** Threads' user insights span at most 30 days; like Instagram's, the last 28. */
const ACCOUNT_WINDOW_DAYS = 28;

/**
 * Threads (decision 076): history from `/{user-id}/threads` (reposts of other people's posts left
 * out), replies at every level from `/{media-id}/conversation` (hide and unhide with
 * `threads_manage_replies`; deleting the account's own needs `threads_delete`; no likes through
 * the API), and insights for posts and the profile.
 */
export function threadsReading(config: MetaConfig): { history: HistoryCapability; comments: CommentsCapability; analytics: AnalyticsCapability } {
  const acting = metaActing(config, 'THREADS');

  function historyItem(post: ThreadsPost): HistoryItem {
    const parts = post.media_type === 'CAROUSEL_ALBUM' ? (post.children?.data ?? []) : [post];
    return {
      externalId: post.id,
      permalink: post.permalink ?? null,
      title: null,
      text: post.text ?? null,
      publishedAt: new Date(post.timestamp ?? 0),
      contentType: post.media_type === 'CAROUSEL_ALBUM' ? 'CAROUSEL' : post.media_type === 'VIDEO' ? 'VIDEO' : post.media_type === 'IMAGE' ? 'IMAGE' : 'TEXT',
      isShort: false,
      surface: 'PROFILE_GRID',
      media: parts
        .filter((part) => part.media_url && (part.media_type === 'IMAGE' || part.media_type === 'VIDEO'))
        .map((part) => ({
          type: part.media_type === 'VIDEO' ? ('VIDEO' as const) : ('IMAGE' as const),
          url: part.media_url!,
          thumbnail: part.media_type === 'VIDEO' ? (part.thumbnail_url ?? null) : part.media_url!,
          width: null,
          height: null,
          durationSeconds: null,
        })),
      subreddit: null,
    };
  }

  function present(reply: ThreadsReply, postId: string, replies: number): PlatformComment {
    const parent = reply.replied_to?.id;
    return {
      externalId: reply.id,
      externalParentId: parent && parent !== postId ? parent : null,
      externalPostId: postId,
      // Threads names a reply's author by username only.
      authorExternalId: reply.username ?? '',
      authorName: reply.username ?? null,
      authorUsername: reply.username ?? null,
      authorProfileUrl: reply.username ? `https://www.threads.com/@${reply.username}` : null,
      authorAvatarUrl: null,
      text: reply.text ?? null,
      likesCount: 0,
      repliesCount: replies,
      hidden: reply.hide_status === 'HIDDEN',
      likedByMe: false,
      owner: reply.is_reply_owned_by_me === true,
      moderationStatus: null,
      publishedAt: new Date(reply.timestamp ?? 0),
      editedAt: null,
      deletedAt: null,
    };
  }

  const history: HistoryCapability = {
    surfaces: ['PROFILE_GRID'],
    async list(_env, credentials, target, request) {
      const operation = 'history.list';
      if (request.surface !== 'ALL' && request.surface !== 'PROFILE_GRID') return { items: [], nextCursor: null };
      const who = await acting(credentials, target, operation);
      requireGranted(who, 'profile', operation);
      const page = await onePage<ThreadsPost>(who.graph, {
        operation,
        path: `/${who.nodeId}/threads`,
        token: who.token,
        query: { fields: POST_FIELDS, limit: String(Math.min(Math.max(request.limit, 1), MAX_PAGE)), after: request.cursor ?? undefined },
      });
      const items = page.items
        .filter((post) => post.media_type !== 'REPOST_FACADE')
        .map(historyItem)
        .filter((item) => !request.mediaType || item.media[0]?.type === request.mediaType);
      return { items, nextCursor: page.after };
    },
  };

  const comments: CommentsCapability = {
    async list(_env, credentials, target, post) {
      const operation = 'comments.list';
      const who = await acting(credentials, target, operation);
      requireGranted(who, 'comments', operation);
      const replies = await who.graph.all<ThreadsReply>({
        operation,
        path: `/${post.externalId}/conversation`,
        token: who.token,
        query: { fields: REPLY_FIELDS, reverse: 'true', limit: '100' },
      });
      const children = new Map<string, number>();
      for (const reply of replies) {
        const parent = reply.replied_to?.id;
        if (parent) children.set(parent, (children.get(parent) ?? 0) + 1);
      }
      return replies.map((reply) => present(reply, post.externalId, children.get(reply.id) ?? 0));
    },

    async act(_env, credentials, target, comment, action) {
      const operation = 'comments.act';
      if (action !== 'HIDE' && action !== 'UNHIDE' && action !== 'DELETE') {
        throw notOffered(
          'THREADS',
          operation,
          `Threads' API cannot ${action.toLowerCase()} replies; it can hide and unhide them, and delete the account's own.`,
        );
      }
      const who = await acting(credentials, target, operation);
      requireGranted(who, 'comments', operation, action === 'DELETE' ? ['threads_delete'] : []);
      const path = `/${comment.externalId}`;
      const current = await who.graph.call<ThreadsReply>({ operation, path, token: who.token, query: { fields: REPLY_FIELDS } });
      const presented = present(current, comment.externalPostId ?? current.root_post?.id ?? '', 0);
      if (action === 'DELETE') {
        if (!presented.owner) throw notOffered('THREADS', operation, 'Threads lets an account delete only its own replies; hide this one instead.');
        await who.graph.call({ operation, path, token: who.token, method: 'DELETE' });
        return { ...presented, text: null, deletedAt: new Date() };
      }
      if (presented.owner) throw notOffered('THREADS', operation, 'Threads does not let an account hide its own replies.');
      await who.graph.call({ operation, path: `${path}/manage_reply`, token: who.token, form: { hide: String(action === 'HIDE') } });
      return { ...presented, hidden: action === 'HIDE' };
    },
  };

  const analytics: AnalyticsCapability = {
    async account(_env, credentials, target) {
      const operation = 'analytics.account';
      const who = await acting(credentials, target, operation);
      requireGranted(who, 'analytics', operation);
      const until = Math.floor(Date.now() / 1000);
      const insights = await who.graph.call<{ data?: Insight[] }>({
        operation,
        path: `/${who.nodeId}/threads_insights`,
        token: who.token,
        query: { metric: 'views,likes,replies,reposts,quotes,followers_count', since: String(until - ACCOUNT_WINDOW_DAYS * 86_400), until: String(until) },
      });
      const data = insights.data ?? [];
      // `views` are views of the profile, a daily series, summed over the window.
      const views = insightValue(data, 'views');
      return {
        metrics: {
          impressions: views,
          impressionsUnique: 0,
          views,
          viewsUnique: 0,
          likes: insightValue(data, 'likes'),
          comments: insightValue(data, 'replies'),
          postCount: 0,
          followers: insightValue(data, 'followers_count'),
          following: 0,
        },
        raw: { insights: data, windowDays: ACCOUNT_WINDOW_DAYS },
      };
    },

    async post(_env, credentials, target, item) {
      const operation = 'analytics.post';
      const who = await acting(credentials, target, operation);
      requireGranted(who, 'analytics', operation);
      const insights = await who.graph.call<{ data?: Insight[] }>({
        operation,
        path: `/${item.externalId}/insights`,
        token: who.token,
        query: { metric: 'views,likes,replies,reposts,quotes,shares' },
      });
      const data = insights.data ?? [];
      const views = insightValue(data, 'views');
      return {
        metrics: {
          impressions: views,
          impressionsUnique: 0,
          views,
          viewsUnique: 0,
          likes: insightValue(data, 'likes'),
          dislikes: 0,
          comments: insightValue(data, 'replies'),
          // Reposts and quotes carry the post to other people's profiles, as shares do.
          shares: insightValue(data, 'shares') + insightValue(data, 'reposts') + insightValue(data, 'quotes'),
          saves: 0,
        },
        raw: { id: item.externalId, insights: data },
      };
    },
  };

  return { history, comments, analytics };
}
