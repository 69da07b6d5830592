import type { Credentials } from '../../connector';
import type { HistoryCapability, HistoryItem, HistoryMedia } from '../../history';
import { htmlToText, type MastodonApi } from './mastodon-api';
import type { MastodonStatus } from './mastodon-publishing';

// Mastodon's page size limit for account statuses.
const MAX_PAGE = 40;

/**
 * The account's own statuses, newest first (`GET /api/v1/accounts/:id/statuses`, without boosts or
 * replies: those are not posts of the account), paged by `max_id`. Mastodon has one surface, the
 * profile; other surfaces answer an empty page. It cannot filter by media type, so a media type
 * filter is applied to each page as it comes (a page may hold fewer items than asked).
 */
export function mastodonHistory(api: MastodonApi): HistoryCapability {
  return {
    surfaces: ['PROFILE_GRID'],
    async list(_env, credentials, target, request) {
      if (request.surface !== 'ALL' && request.surface !== 'PROFILE_GRID') return { items: [], nextCursor: null };
      const accountId = target.externalId ?? (await ownId(api, credentials));
      const limit = Math.min(Math.max(request.limit, 1), MAX_PAGE);
      const query = new URLSearchParams({
        limit: String(limit),
        exclude_reblogs: 'true',
        exclude_replies: 'true',
        ...(request.cursor ? { max_id: request.cursor } : {}),
      });
      const { body: statuses } = await api.asAccount<MastodonStatus[]>(credentials, {
        operation: 'history.list',
        path: `/api/v1/accounts/${accountId}/statuses?${query}`,
      });
      const items = statuses.map(historyItem).filter((item) => !request.mediaType || item.media.some((medium) => medium.type === request.mediaType));
      return { items, nextCursor: statuses.length === limit ? statuses.at(-1)!.id : null };
    },
  };
}

async function ownId(api: MastodonApi, credentials: Credentials): Promise<string> {
  const { body } = await api.asAccount<{ id: string }>(credentials, { operation: 'history.list', path: '/api/v1/accounts/verify_credentials' });
  return body.id;
}

function historyItem(status: MastodonStatus): HistoryItem {
  const media: HistoryMedia[] = status.media_attachments
    .filter((attachment) => attachment.url)
    .map((attachment) => ({
      type: attachment.type === 'image' ? 'IMAGE' : 'VIDEO',
      url: attachment.url!,
      thumbnail: attachment.preview_url,
      width: attachment.meta?.original?.width ?? null,
      height: attachment.meta?.original?.height ?? null,
      durationSeconds: attachment.meta?.original?.duration ?? null,
    }));
  const contentType = media.length > 1 ? 'CAROUSEL' : media[0]?.type === 'VIDEO' ? 'VIDEO' : media[0] ? 'IMAGE' : 'TEXT';
  return {
    externalId: status.id,
    permalink: status.url ?? status.uri,
    title: status.spoiler_text || null,
    text: htmlToText(status.content),
    publishedAt: new Date(status.created_at),
    contentType,
    isShort: false,
    surface: 'PROFILE_GRID',
    media,
    subreddit: null,
  };
}
