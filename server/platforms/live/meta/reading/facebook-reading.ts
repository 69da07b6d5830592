import type { AnalyticsCapability } from '../../../analytics';
import type { CommentsCapability, PlatformComment } from '../../../comments';
import type { HistoryCapability, HistoryItem, HistoryMedia } from '../../../history';
import type { MetaConfig } from '../meta-config';
import { insightValue } from './instagram-reading';
import { type Acting, metaActing, onePage } from './meta-acting';

type Attachment = {
  type?: string;
  media_type?: string;
  media?: { image?: { src?: string; width?: number; height?: number }; source?: string };
  subattachments?: { data?: Attachment[] };
};
type FbPost = { id: string; message?: string; created_time?: string; permalink_url?: string; attachments?: { data?: Attachment[] } };
type FbStory = { post_id: string; creation_time?: string; media_type?: string; url?: string; status?: string };
type FbComment = {
  id: string;
  message?: string;
  created_time?: string;
  from?: { id?: string; name?: string; picture?: { data?: { url?: string } } };
  like_count?: number;
  comment_count?: number;
  is_hidden?: boolean;
  user_likes?: boolean;
  parent?: { id?: string };
};
type Insight = { name: string; values?: { value?: number }[]; total_value?: { value?: number } };

const POST_FIELDS = 'id,message,created_time,permalink_url,attachments{type,media_type,media,subattachments}';
const COMMENT_FIELDS = 'id,message,created_time,from{id,name,picture},like_count,comment_count,is_hidden,user_likes,parent{id}';
/** The Page's posts edge answers at most 100 a page. */
const MAX_PAGE = 100;

function mediaOf(attachment: Attachment): HistoryMedia[] {
  if (attachment.subattachments?.data?.length) return attachment.subattachments.data.flatMap(mediaOf);
  const image = attachment.media?.image;
  const video = attachment.media_type === 'video';
  const url = video ? attachment.media?.source : image?.src;
  if (!url) return [];
  return [
    {
      type: video ? 'VIDEO' : 'IMAGE',
      url,
      thumbnail: image?.src ?? null,
      width: image?.width ?? null,
      height: image?.height ?? null,
      durationSeconds: null,
    },
  ];
}

/**
 * Facebook Pages (decision 076): history from the Page's own posts (`/{page-id}/posts`, not
 * visitors' posts on its feed) and stories, comments at every level (`filter=stream`; hide, unhide,
 * delete, like and unlike any comment on the Page's posts), and insights: Meta retired the
 * impressions metrics in 2025, so views (`post_media_view`, `page_media_view`) and their unique
 * counts are read, and reactions, comments and shares from the post itself.
 */
export function facebookReading(config: MetaConfig): { history: HistoryCapability; comments: CommentsCapability; analytics: AnalyticsCapability } {
  const acting = metaActing(config, 'FACEBOOK');

  function historyItem(post: FbPost): HistoryItem {
    const attachment = post.attachments?.data?.[0];
    const media = attachment ? mediaOf(attachment) : [];
    const album = (attachment?.subattachments?.data?.length ?? 0) > 0;
    const reel = attachment?.type === 'video_inline' && post.permalink_url?.includes('/reel/') === true;
    return {
      externalId: post.id,
      permalink: post.permalink_url ?? null,
      title: null,
      text: post.message ?? null,
      publishedAt: new Date(post.created_time ?? 0),
      contentType: album ? 'CAROUSEL' : reel ? 'REEL' : media[0]?.type === 'VIDEO' ? 'VIDEO' : media[0] ? 'IMAGE' : 'TEXT',
      isShort: false,
      surface: 'PROFILE_GRID',
      media,
      subreddit: null,
    };
  }

  function storyItem(story: FbStory): HistoryItem {
    return {
      externalId: story.post_id,
      permalink: story.url ?? null,
      title: null,
      text: null,
      publishedAt: new Date(Number(story.creation_time ?? 0) * 1000),
      contentType: 'STORY',
      isShort: false,
      surface: 'STORY',
      // The stories edge names no media URL, only the story's own page.
      media: [],
      subreddit: null,
    };
  }

  function present(who: Acting, comment: FbComment, postId: string): PlatformComment {
    return {
      externalId: comment.id,
      externalParentId: comment.parent?.id ?? null,
      externalPostId: postId,
      authorExternalId: comment.from?.id ?? '',
      authorName: comment.from?.name ?? null,
      authorUsername: null,
      // Without `pages_read_user_content` Meta leaves `from` out: the author is then unknown.
      authorProfileUrl: comment.from?.id ? `https://www.facebook.com/${comment.from.id}` : null,
      authorAvatarUrl: comment.from?.picture?.data?.url ?? null,
      text: comment.message ?? null,
      likesCount: comment.like_count ?? 0,
      repliesCount: comment.comment_count ?? 0,
      hidden: comment.is_hidden === true,
      likedByMe: comment.user_likes === true,
      owner: comment.from?.id === who.nodeId,
      moderationStatus: null,
      publishedAt: new Date(comment.created_time ?? 0),
      editedAt: null,
      deletedAt: null,
    };
  }

  const history: HistoryCapability = {
    surfaces: ['PROFILE_GRID', 'STORY'],
    async list(_env, credentials, target, request) {
      const operation = 'history.list';
      if (request.surface === 'NON_GRID') return { items: [], nextCursor: null };
      const who = await acting(credentials, target, operation);
      const limit = String(Math.min(Math.max(request.limit, 1), MAX_PAGE));
      const after = request.cursor ?? undefined;
      if (request.surface === 'STORY') {
        const page = await onePage<FbStory>(who.graph, { operation, path: `/${who.nodeId}/stories`, token: who.token, query: { limit, after } });
        return { items: request.mediaType ? [] : page.items.map(storyItem), nextCursor: page.after };
      }
      const page = await onePage<FbPost>(who.graph, {
        operation,
        path: `/${who.nodeId}/posts`,
        token: who.token,
        query: { fields: POST_FIELDS, limit, after },
      });
      const items = page.items.map(historyItem).filter((item) => !request.mediaType || item.media[0]?.type === request.mediaType);
      return { items, nextCursor: page.after };
    },
  };

  const comments: CommentsCapability = {
    async list(_env, credentials, target, post) {
      const operation = 'comments.list';
      const who = await acting(credentials, target, operation);
      const all = await who.graph.all<FbComment>({
        operation,
        path: `/${post.externalId}/comments`,
        token: who.token,
        query: { fields: COMMENT_FIELDS, filter: 'stream', order: 'reverse_chronological', limit: '100' },
      });
      return all.map((comment) => present(who, comment, post.externalId));
    },

    async act(_env, credentials, target, comment, action) {
      const operation = 'comments.act';
      const who = await acting(credentials, target, operation);
      const path = `/${comment.externalId}`;
      const current = await who.graph.call<FbComment>({ operation, path, token: who.token, query: { fields: COMMENT_FIELDS } });
      const presented = present(who, current, comment.externalPostId ?? '');
      switch (action) {
        case 'DELETE':
          await who.graph.call({ operation, path, token: who.token, method: 'DELETE' });
          return { ...presented, text: null, deletedAt: new Date() };
        case 'HIDE':
        case 'UNHIDE':
          await who.graph.call({ operation, path, token: who.token, form: { is_hidden: String(action === 'HIDE') } });
          return { ...presented, hidden: action === 'HIDE' };
        case 'LIKE':
        case 'UNLIKE': {
          const like = action === 'LIKE';
          if (presented.likedByMe === like) return presented;
          await who.graph.call({ operation, path: `${path}/likes`, token: who.token, ...(like ? { form: {} } : { method: 'DELETE' as const }) });
          return { ...presented, likedByMe: like, likesCount: Math.max(0, presented.likesCount + (like ? 1 : -1)) };
        }
        default:
          throw new Error(`unreachable: Facebook comments have no ${action}`);
      }
    },
  };

  const analytics: AnalyticsCapability = {
    async account(_env, credentials, target) {
      const operation = 'analytics.account';
      const who = await acting(credentials, target, operation);
      const page = await who.graph.call<{ followers_count?: number; fan_count?: number }>({
        operation,
        path: `/${who.nodeId}`,
        token: who.token,
        query: { fields: 'followers_count,fan_count' },
      });
      // Page totals exist per day, week or 28 days: the longest, as the Page's recent reach.
      const insights = await who.graph.call<{ data?: Insight[] }>({
        operation,
        path: `/${who.nodeId}/insights`,
        token: who.token,
        query: { metric: 'page_media_view,page_total_media_view_unique', period: 'days_28' },
      });
      const data = insights.data ?? [];
      const views = lastValue(data, 'page_media_view');
      const unique = lastValue(data, 'page_total_media_view_unique');
      return {
        metrics: {
          impressions: views,
          impressionsUnique: unique,
          views,
          viewsUnique: unique,
          likes: page.fan_count ?? 0,
          comments: 0,
          postCount: 0,
          followers: page.followers_count ?? 0,
          following: 0,
        },
        raw: { ...page, insights: data },
      };
    },

    async post(_env, credentials, target, item) {
      const operation = 'analytics.post';
      const who = await acting(credentials, target, operation);
      const insights = await who.graph.call<{ data?: Insight[] }>({
        operation,
        path: `/${item.externalId}/insights`,
        token: who.token,
        query: { metric: 'post_media_view,post_total_media_view_unique', period: 'lifetime' },
      });
      const counts = await who.graph.call<{
        shares?: { count?: number };
        reactions?: { summary?: { total_count?: number } };
        comments?: { summary?: { total_count?: number } };
      }>({
        operation,
        path: `/${item.externalId}`,
        token: who.token,
        query: { fields: 'shares,reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)' },
      });
      const data = insights.data ?? [];
      const views = insightValue(data, 'post_media_view');
      const unique = insightValue(data, 'post_total_media_view_unique');
      return {
        metrics: {
          impressions: views,
          impressionsUnique: unique,
          views,
          viewsUnique: unique,
          likes: counts.reactions?.summary?.total_count ?? 0,
          dislikes: 0,
          comments: counts.comments?.summary?.total_count ?? 0,
          shares: counts.shares?.count ?? 0,
          saves: 0,
        },
        raw: {
          id: item.externalId,
          insights: data,
          shares: counts.shares ?? null,
          reactions: counts.reactions?.summary ?? null,
          comments: counts.comments?.summary ?? null,
        },
      };
    },
  };

  return { history, comments, analytics };
}

/** A period metric's latest value (the rolling 28 days ending now). */
function lastValue(insights: Insight[], name: string): number {
  const values = insights.find((entry) => entry.name === name)?.values ?? [];
  return values.at(-1)?.value ?? 0;
}
