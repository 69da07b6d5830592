import type { ActionsCapability } from '../../actions';
import { normalizeAccount, normalizePost, type AnalyticsCapability } from '../../analytics';
import type { CommentsCapability, PlatformComment } from '../../comments';
import type { HistoryCapability, HistoryItem } from '../../history';
import { PlatformError } from '../../platform-error';
import { watchUrl, type YoutubeApi } from './youtube-api';
import { actingChannel } from './youtube-profile';
import type { CommentSnippet, CommentThread } from './youtube-publishing';

type PlaylistItem = {
  id: string;
  snippet?: { title?: string; description?: string; publishedAt?: string; thumbnails?: Record<string, { url?: string; width?: number; height?: number }> };
  contentDetails?: { videoId?: string; videoPublishedAt?: string };
};

/** History: the channel's uploads playlist (`contentDetails.relatedPlaylists.uploads`), newest first, by page token. */
export function youtubeHistory(api: YoutubeApi): HistoryCapability {
  return {
    surfaces: ['PROFILE_GRID'],
    async list(_env, credentials, target, request) {
      if (request.surface !== 'ALL' && request.surface !== 'PROFILE_GRID') return { items: [], nextCursor: null };
      if (request.mediaType === 'IMAGE') return { items: [], nextCursor: null };
      const channel = await actingChannel(api, credentials.accessToken, target.selectedChannelId, 'history.list');
      const uploads = channel.contentDetails?.relatedPlaylists?.uploads;
      if (!uploads) return { items: [], nextCursor: null };
      const page = await api.json<{ items?: PlaylistItem[]; nextPageToken?: string }>(credentials.accessToken, {
        operation: 'history.list',
        path: '/playlistItems',
        query: { part: 'snippet,contentDetails', playlistId: uploads, maxResults: String(Math.min(50, request.limit)), pageToken: request.cursor ?? undefined },
      });
      const items = (page.items ?? []).map((item): HistoryItem => {
        const videoId = item.contentDetails?.videoId ?? item.id;
        const thumb = item.snippet?.thumbnails?.high ?? item.snippet?.thumbnails?.default;
        return {
          externalId: videoId,
          permalink: watchUrl(videoId),
          title: item.snippet?.title ?? null,
          text: item.snippet?.description ?? null,
          publishedAt: new Date(item.contentDetails?.videoPublishedAt ?? item.snippet?.publishedAt ?? Date.now()),
          contentType: 'VIDEO',
          isShort: false,
          surface: 'PROFILE_GRID',
          media: [
            {
              type: 'VIDEO',
              url: watchUrl(videoId),
              thumbnail: thumb?.url ?? null,
              width: thumb?.width ?? null,
              height: thumb?.height ?? null,
              durationSeconds: null,
            },
          ],
          subreddit: null,
        };
      });
      return { items, nextCursor: page.nextPageToken ?? null };
    },
  };
}

/** Lifetime numbers: the channel's and each video's `statistics` (strings, as YouTube sends them). */
export function youtubeAnalytics(api: YoutubeApi): AnalyticsCapability {
  return {
    async account(_env, credentials, target) {
      const channel = await actingChannel(api, credentials.accessToken, target.selectedChannelId, 'analytics.account');
      const raw = { statistics: channel.statistics ?? {} };
      return { metrics: normalizeAccount('YOUTUBE', raw), raw };
    },
    async post(_env, credentials, _target, item) {
      const answer = await api.json<{ items?: { id: string; statistics?: Record<string, string> }[] }>(credentials.accessToken, {
        operation: 'analytics.post',
        path: '/videos',
        query: { part: 'statistics', id: item.externalId },
      });
      const video = answer.items?.[0];
      if (!video) {
        throw new PlatformError({
          code: 'NOT_FOUND',
          message: `analytics.post: video ${item.externalId} not found`,
          httpStatus: 404,
          meta: { platform: 'YOUTUBE', operation: 'analytics.post' },
        });
      }
      const raw = { statistics: video.statistics ?? {} };
      return { metrics: normalizePost('YOUTUBE', raw), raw };
    },
  };
}

function toComment(
  id: string,
  snippet: CommentSnippet | undefined,
  videoId: string,
  parentId: string | null,
  channelId: string,
  replies: number,
): PlatformComment {
  const author = snippet?.authorChannelId?.value ?? '';
  return {
    externalId: id,
    externalParentId: parentId,
    externalPostId: videoId,
    authorExternalId: author,
    authorName: snippet?.authorDisplayName ?? null,
    authorUsername: snippet?.authorChannelUrl?.split('/@')[1] ?? null,
    authorProfileUrl: snippet?.authorChannelUrl ?? null,
    authorAvatarUrl: snippet?.authorProfileImageUrl ?? null,
    text: snippet?.textOriginal ?? snippet?.textDisplay ?? null,
    likesCount: snippet?.likeCount ?? 0,
    repliesCount: replies,
    hidden: snippet?.moderationStatus === 'heldForReview' || snippet?.moderationStatus === 'rejected',
    likedByMe: false,
    owner: author === channelId,
    moderationStatus: snippet?.moderationStatus ?? 'published',
    publishedAt: new Date(snippet?.publishedAt ?? Date.now()),
    editedAt: snippet?.updatedAt && snippet.updatedAt !== snippet.publishedAt ? new Date(snippet.updatedAt) : null,
    deletedAt: null,
  };
}

/** Comments: `commentThreads.list` with their replies; delete own, moderate others (`comments.setModerationStatus`). */
export function youtubeComments(api: YoutubeApi): CommentsCapability {
  return {
    async list(_env, credentials, target, post) {
      const channel = await actingChannel(api, credentials.accessToken, target.selectedChannelId, 'comments.list');
      const answer = await api.json<{ items?: CommentThread[] }>(credentials.accessToken, {
        operation: 'comments.list',
        path: '/commentThreads',
        query: { part: 'snippet,replies', videoId: post.externalId, maxResults: '100', order: 'time' },
      });
      const comments: PlatformComment[] = [];
      for (const thread of answer.items ?? []) {
        const top = thread.snippet?.topLevelComment;
        if (!top) continue;
        comments.push(toComment(top.id, top.snippet, post.externalId, null, channel.id, thread.snippet?.totalReplyCount ?? 0));
        for (const reply of thread.replies?.comments ?? []) comments.push(toComment(reply.id, reply.snippet, post.externalId, top.id, channel.id, 0));
      }
      return comments;
    },
    async act(_env, credentials, target, comment, action) {
      const channel = await actingChannel(api, credentials.accessToken, target.selectedChannelId, 'comments.act');
      const operation = `comments.${action.toLowerCase()}`;
      if (action === 'DELETE') {
        await api.raw(credentials.accessToken, { operation, method: 'DELETE', path: '/comments', query: { id: comment.externalId } });
      } else if (action === 'APPROVE' || action === 'REJECT') {
        await api.raw(credentials.accessToken, {
          operation,
          method: 'POST',
          path: '/comments/setModerationStatus',
          query: { id: comment.externalId, moderationStatus: action === 'APPROVE' ? 'published' : 'rejected' },
          idempotent: true,
        });
      } else {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: `YouTube comments cannot be ${action}`,
          httpStatus: 0,
          meta: { platform: 'YOUTUBE', operation },
        });
      }
      const read = await api.json<{ items?: { id: string; snippet?: CommentSnippet }[] }>(credentials.accessToken, {
        operation,
        path: '/comments',
        query: { part: 'snippet', id: comment.externalId },
      });
      const found = read.items?.[0];
      const result = toComment(comment.externalId, found?.snippet, comment.externalPostId ?? '', found?.snippet?.parentId ?? null, channel.id, 0);
      return action === 'DELETE' ? { ...result, deletedAt: new Date() } : result;
    },
  };
}

/** Delete a video (`videos.delete`); edits are not offered live yet (they need the whole snippet back). */
export function youtubeActions(api: YoutubeApi): ActionsCapability {
  return {
    editPost: null,
    async deletePost(_env, credentials, _account, input) {
      await api.raw(credentials.accessToken, {
        operation: 'actions.deletePost',
        method: 'DELETE',
        path: '/videos',
        query: { id: input.externalData?.id ?? input.externalId },
      });
    },
    editComment: null,
    async deleteComment(_env, credentials, _account, input) {
      await api.raw(credentials.accessToken, { operation: 'actions.deleteComment', method: 'DELETE', path: '/comments', query: { id: input.externalId } });
    },
    lookups: {},
  };
}
