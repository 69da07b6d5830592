import type { AnalyticsCapability } from '../../analytics';
import type { Credentials } from '../../connector';
import type { HistoryCapability, HistoryItem, HistoryMedia } from '../../history';
import { accountServer, blobUrl, didOf } from './bluesky-session';
import type { BlueskyXrpc } from './bluesky-xrpc';
import { parseAtUri, permalinkOf, POST_COLLECTION, postUri, type BlobRef } from './bluesky-records';

type ListedRecord = {
  uri: string;
  cid: string;
  value: {
    text?: string;
    createdAt?: string;
    reply?: unknown;
    embed?: {
      $type?: string;
      images?: { image: BlobRef; aspectRatio?: { width: number; height: number } }[];
      video?: BlobRef;
      aspectRatio?: { width: number; height: number };
      media?: ListedRecord['value']['embed'];
    };
  };
};

/**
 * The account's posts, read from its own repository on the PDS (`listRecords`, newest record key
 * first): the authoritative list of what the account published, which needs no AppView. Replies
 * (thread continuations, comments) are not posts of the profile and are left out, as the
 * profile's "Posts" tab does.
 */
export function blueskyHistory(xrpc: BlueskyXrpc, serviceUrl: string, appUrl: string): HistoryCapability {
  return {
    surfaces: ['PROFILE_GRID'],
    async list(_env, credentials, _target, request) {
      if (request.surface !== 'ALL' && request.surface !== 'PROFILE_GRID') return { items: [], nextCursor: null };
      const did = didOf(credentials.accessToken);
      const page = await xrpc.query<{ records: ListedRecord[]; cursor?: string }>({
        nsid: 'com.atproto.repo.listRecords',
        params: { repo: did, collection: POST_COLLECTION, limit: Math.min(100, Math.max(1, request.limit)), cursor: request.cursor ?? undefined },
        token: credentials.accessToken,
        account: did,
        operation: 'history.list',
      });
      const items = page.records
        .filter((record) => !record.value.reply)
        .map((record) => historyItem(accountServer(credentials.accessToken, serviceUrl), appUrl, did, record))
        .filter((item) => !request.mediaType || item.media.some((medium) => medium.type === request.mediaType));
      return { items, nextCursor: page.records.length > 0 ? (page.cursor ?? null) : null };
    },
  };
}

function historyItem(serviceUrl: string, appUrl: string, did: string, record: ListedRecord): HistoryItem {
  const rkey = parseAtUri(record.uri)!.rkey;
  const embed = record.value.embed?.$type === 'app.bsky.embed.recordWithMedia' ? record.value.embed.media : record.value.embed;
  const media: HistoryMedia[] = [];
  for (const image of embed?.images ?? []) {
    media.push({
      type: 'IMAGE',
      url: blobUrl(serviceUrl, did, image.image.ref.$link),
      thumbnail: null,
      width: image.aspectRatio?.width ?? null,
      height: image.aspectRatio?.height ?? null,
      durationSeconds: null,
    });
  }
  if (embed?.video) {
    media.push({
      type: 'VIDEO',
      url: blobUrl(serviceUrl, did, embed.video.ref.$link),
      thumbnail: null,
      width: embed.aspectRatio?.width ?? null,
      height: embed.aspectRatio?.height ?? null,
      durationSeconds: null,
    });
  }
  const contentType = media.some((medium) => medium.type === 'VIDEO') ? 'VIDEO' : media.length > 1 ? 'CAROUSEL' : media.length === 1 ? 'IMAGE' : 'TEXT';
  return {
    externalId: rkey,
    permalink: permalinkOf(appUrl, did, rkey),
    title: null,
    text: record.value.text ?? null,
    publishedAt: new Date(record.value.createdAt ?? Date.now()),
    contentType,
    isShort: false,
    surface: 'PROFILE_GRID',
    media,
    subreddit: null,
  };
}

/**
 * Engagement counts come from the AppView (`app.bsky.actor.getProfile`, `app.bsky.feed.getPosts`),
 * which the PDS proxies: likes and reposts are records in other people's repositories, counted there.
 * Bluesky shows no impressions or views.
 */
export function blueskyAnalytics(xrpc: BlueskyXrpc): AnalyticsCapability {
  const query = <T>(credentials: Credentials, nsid: string, params: Record<string, string>, operation: string) =>
    xrpc.query<T>({ nsid, params, token: credentials.accessToken, account: didOf(credentials.accessToken), operation });
  return {
    async account(_env, credentials) {
      const did = didOf(credentials.accessToken);
      const raw = await query<{ followersCount?: number; followsCount?: number; postsCount?: number }>(
        credentials,
        'app.bsky.actor.getProfile',
        { actor: did },
        'analytics.account',
      );
      return {
        raw: raw as Record<string, unknown>,
        metrics: {
          impressions: 0,
          impressionsUnique: 0,
          views: 0,
          viewsUnique: 0,
          likes: 0,
          comments: 0,
          postCount: raw.postsCount ?? 0,
          followers: raw.followersCount ?? 0,
          following: raw.followsCount ?? 0,
        },
      };
    },
    async post(_env, credentials, _target, item) {
      const did = didOf(credentials.accessToken);
      const uri = item.externalId.startsWith('at://') ? item.externalId : postUri(did, item.externalId);
      const answer = await query<{ posts: { likeCount?: number; repostCount?: number; replyCount?: number; quoteCount?: number; bookmarkCount?: number }[] }>(
        credentials,
        'app.bsky.feed.getPosts',
        { uris: uri },
        'analytics.post',
      );
      const raw = answer.posts[0] ?? {};
      return {
        raw: raw as Record<string, unknown>,
        metrics: {
          impressions: 0,
          impressionsUnique: 0,
          views: 0,
          viewsUnique: 0,
          likes: raw.likeCount ?? 0,
          dislikes: 0,
          comments: raw.replyCount ?? 0,
          shares: (raw.repostCount ?? 0) + (raw.quoteCount ?? 0),
          saves: raw.bookmarkCount ?? 0,
        },
      };
    },
  };
}
