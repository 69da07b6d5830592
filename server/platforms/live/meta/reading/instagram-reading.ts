import type { AnalyticsCapability } from '../../../analytics';
import type { CommentsCapability, PlatformComment } from '../../../comments';
import type { HistoryCapability, HistoryItem } from '../../../history';
import type { MetaGraph } from '../meta-graph';
import { type Acting, metaActing, notOffered, onePage, requireGranted } from './meta-acting';
import type { MetaConfig } from '../meta-config';

type IgMedia = {
  id: string;
  caption?: string;
  media_type?: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  media_product_type?: 'FEED' | 'REELS' | 'STORY' | 'AD';
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
  timestamp?: string;
  is_shared_to_feed?: boolean;
  like_count?: number;
  comments_count?: number;
  children?: { data?: { id: string; media_type?: string; media_url?: string; thumbnail_url?: string }[] };
};
type IgComment = {
  id: string;
  text?: string;
  timestamp?: string;
  username?: string;
  from?: { id?: string; username?: string };
  like_count?: number;
  hidden?: boolean;
  parent_id?: string;
  replies?: { data?: IgComment[]; paging?: { cursors?: { after?: string }; next?: string } };
};
type Insight = { name: string; values?: { value?: number }[]; total_value?: { value?: number } };

const MEDIA_FIELDS =
  'id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp,is_shared_to_feed,children{id,media_type,media_url,thumbnail_url}';
const COMMENT_FIELDS = 'id,text,timestamp,username,from{id,username},like_count,hidden,parent_id';
/** Instagram's page size limit for the media edge. */
const MAX_PAGE = 100;
/** The account insights range: Instagram keeps at most 30 days between `since` and `until`. */
const ACCOUNT_WINDOW_DAYS = 28;

/**
 * Metrics per media product type, as the media insights reference lists them: asking a story for
 * `likes` or any media for the retired `impressions` is error 100. `views` replaced impressions
 * (April 2025) and reach is its unique count.
 */
export const INSTAGRAM_POST_METRICS: Record<string, string[]> = {
  FEED: ['views', 'reach', 'likes', 'comments', 'shares', 'saved'],
  REELS: ['views', 'reach', 'likes', 'comments', 'shares', 'saved'],
  STORY: ['views', 'reach', 'shares', 'replies'],
};

export const insightValue = (insights: Insight[], name: string) => {
  const entry = insights.find((candidate) => candidate.name === name);
  const value = entry?.total_value?.value ?? entry?.values?.reduce((sum, point) => sum + (point.value ?? 0), 0) ?? 0;
  return Number.isFinite(value) ? value : 0;
};

/**
 * Instagram professional accounts (decision 076), both logins: history from `/{ig-user-id}/media`
 * and `/stories`, comments and replies (hide, unhide, delete; Instagram's API has no likes), and
 * insights per media product type and for the account.
 */
export function instagramReading(config: MetaConfig): { history: HistoryCapability; comments: CommentsCapability; analytics: AnalyticsCapability } {
  const acting = metaActing(config, 'INSTAGRAM');

  function historyItem(media: IgMedia): HistoryItem {
    const children = media.children?.data ?? [];
    const parts =
      media.media_type === 'CAROUSEL_ALBUM'
        ? children
        : [{ id: media.id, media_type: media.media_type, media_url: media.media_url, thumbnail_url: media.thumbnail_url }];
    const story = media.media_product_type === 'STORY';
    const reel = media.media_product_type === 'REELS';
    return {
      externalId: media.id,
      permalink: media.permalink ?? null,
      title: null,
      text: media.caption ?? null,
      publishedAt: new Date(media.timestamp ?? 0),
      contentType: story ? 'STORY' : reel ? 'REEL' : media.media_type === 'CAROUSEL_ALBUM' ? 'CAROUSEL' : media.media_type === 'VIDEO' ? 'VIDEO' : 'IMAGE',
      isShort: false,
      // A reel kept off the grid (`is_shared_to_feed: false`) shows only on the Reels tab.
      surface: story ? 'STORY' : reel && media.is_shared_to_feed === false ? 'NON_GRID' : 'PROFILE_GRID',
      media: parts
        .filter((part) => part.media_url)
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

  function present(who: Acting, comment: IgComment, postId: string, replies: number): PlatformComment {
    const username = comment.from?.username ?? comment.username ?? null;
    return {
      externalId: comment.id,
      externalParentId: comment.parent_id ?? null,
      externalPostId: postId,
      authorExternalId: comment.from?.id ?? username ?? '',
      authorName: username,
      authorUsername: username,
      authorProfileUrl: username ? `https://www.instagram.com/${username}/` : null,
      // Instagram does not give commenters' pictures to the API.
      authorAvatarUrl: null,
      text: comment.text ?? null,
      likesCount: comment.like_count ?? 0,
      repliesCount: replies,
      hidden: comment.hidden === true,
      likedByMe: false,
      owner: comment.from?.id === who.nodeId,
      moderationStatus: null,
      publishedAt: new Date(comment.timestamp ?? 0),
      editedAt: null,
      deletedAt: null,
    };
  }

  /** Every reply of a comment: those that came nested, then the rest of `/{comment-id}/replies` from the nested page's cursor. */
  async function repliesOf(graph: MetaGraph, who: Acting, comment: IgComment, operation: string): Promise<IgComment[]> {
    const replies = [...(comment.replies?.data ?? [])];
    let after = comment.replies?.paging?.next ? (comment.replies.paging.cursors?.after ?? null) : null;
    while (after) {
      const page = await onePage<IgComment>(graph, { operation, path: `/${comment.id}/replies`, token: who.token, query: { fields: COMMENT_FIELDS, after } });
      replies.push(...page.items);
      after = page.after;
    }
    return replies;
  }

  const history: HistoryCapability = {
    surfaces: ['PROFILE_GRID', 'NON_GRID', 'STORY'],
    async list(_env, credentials, target, request) {
      const operation = 'history.list';
      const who = await acting(credentials, target, operation);
      requireGranted(who, 'profile', operation);
      const edge = request.surface === 'STORY' ? 'stories' : 'media';
      const page = await onePage<IgMedia>(who.graph, {
        operation,
        path: `/${who.nodeId}/${edge}`,
        token: who.token,
        query: { fields: MEDIA_FIELDS, limit: String(Math.min(Math.max(request.limit, 1), MAX_PAGE)), after: request.cursor ?? undefined },
      });
      // Instagram filters neither surfaces nor media types: each page is filtered as it comes (it may hold fewer items than asked).
      const items = page.items
        .map(historyItem)
        .filter((item) => request.surface === 'ALL' || item.surface === request.surface)
        .filter((item) => !request.mediaType || item.media[0]?.type === request.mediaType);
      return { items, nextCursor: page.after };
    },
  };

  const comments: CommentsCapability = {
    async list(_env, credentials, target, post) {
      const operation = 'comments.list';
      const who = await acting(credentials, target, operation);
      requireGranted(who, 'comments', operation);
      const top = await who.graph.all<IgComment>({
        operation,
        path: `/${post.externalId}/comments`,
        token: who.token,
        query: { fields: `${COMMENT_FIELDS},replies{${COMMENT_FIELDS}}`, limit: '50' },
      });
      const all: PlatformComment[] = [];
      for (const comment of top) {
        const replies = await repliesOf(who.graph, who, comment, operation);
        all.push(present(who, comment, post.externalId, replies.length));
        for (const reply of replies) all.push(present(who, { ...reply, parent_id: reply.parent_id ?? comment.id }, post.externalId, 0));
      }
      return all.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
    },

    async act(_env, credentials, target, comment, action) {
      const operation = 'comments.act';
      if (action !== 'HIDE' && action !== 'UNHIDE' && action !== 'DELETE') {
        throw notOffered('INSTAGRAM', operation, `Instagram's API cannot ${action.toLowerCase()} comments; it can hide, unhide and delete them.`);
      }
      const who = await acting(credentials, target, operation);
      requireGranted(who, 'comments', operation);
      const current = await who.graph.call<IgComment>({ operation, path: `/${comment.externalId}`, token: who.token, query: { fields: COMMENT_FIELDS } });
      const postId = comment.externalPostId ?? '';
      if (action === 'DELETE') {
        await who.graph.call({ operation, path: `/${comment.externalId}`, token: who.token, method: 'DELETE' });
        return { ...present(who, current, postId, 0), text: null, deletedAt: new Date() };
      }
      if (current.from?.id === who.nodeId) throw notOffered('INSTAGRAM', operation, 'Instagram does not let an account hide its own comments.');
      await who.graph.call({ operation, path: `/${comment.externalId}`, token: who.token, form: { hide: String(action === 'HIDE') } });
      return { ...present(who, current, postId, 0), hidden: action === 'HIDE' };
    },
  };

  const analytics: AnalyticsCapability = {
    async account(_env, credentials, target) {
      const operation = 'analytics.account';
      const who = await acting(credentials, target, operation);
      requireGranted(who, 'analytics', operation);
      const fields = await who.graph.call<{ followers_count?: number; follows_count?: number; media_count?: number }>({
        operation,
        path: `/${who.nodeId}`,
        token: who.token,
        query: { fields: 'followers_count,follows_count,media_count' },
      });
      // Instagram has no lifetime account totals: the last 28 days, as its insights keep them.
      const until = Math.floor(Date.now() / 1000);
      const insights = await who.graph.call<{ data?: Insight[] }>({
        operation,
        path: `/${who.nodeId}/insights`,
        token: who.token,
        query: {
          metric: 'views,reach,likes,comments',
          period: 'day',
          metric_type: 'total_value',
          since: String(until - ACCOUNT_WINDOW_DAYS * 86_400),
          until: String(until),
        },
      });
      const data = insights.data ?? [];
      const views = insightValue(data, 'views');
      const reach = insightValue(data, 'reach');
      return {
        metrics: {
          impressions: views,
          impressionsUnique: reach,
          views,
          viewsUnique: reach,
          likes: insightValue(data, 'likes'),
          comments: insightValue(data, 'comments'),
          postCount: fields.media_count ?? 0,
          followers: fields.followers_count ?? 0,
          following: fields.follows_count ?? 0,
        },
        raw: { ...fields, insights: data, windowDays: ACCOUNT_WINDOW_DAYS },
      };
    },

    async post(_env, credentials, target, item) {
      const operation = 'analytics.post';
      const who = await acting(credentials, target, operation);
      requireGranted(who, 'analytics', operation);
      const media = await who.graph.call<IgMedia>({
        operation,
        path: `/${item.externalId}`,
        token: who.token,
        query: { fields: 'id,media_type,media_product_type' },
      });
      const metrics = INSTAGRAM_POST_METRICS[media.media_product_type ?? 'FEED'] ?? INSTAGRAM_POST_METRICS.FEED!;
      const insights = await who.graph.call<{ data?: Insight[] }>({
        operation,
        path: `/${item.externalId}/insights`,
        token: who.token,
        query: { metric: metrics.join(',') },
      });
      const data = insights.data ?? [];
      const views = insightValue(data, 'views');
      const reach = insightValue(data, 'reach');
      return {
        metrics: {
          impressions: views,
          impressionsUnique: reach,
          views,
          viewsUnique: reach,
          likes: insightValue(data, 'likes'),
          dislikes: 0,
          comments: insightValue(data, 'comments') + insightValue(data, 'replies'),
          shares: insightValue(data, 'shares'),
          saves: insightValue(data, 'saved'),
        },
        raw: { id: media.id, media_product_type: media.media_product_type, media_type: media.media_type, insights: data },
      };
    },
  };

  return { history, comments, analytics };
}
