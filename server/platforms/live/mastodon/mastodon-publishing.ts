import type { PublishingCapability } from '../../publishing';
import type { MastodonApi } from './mastodon-api';
import { uploadMastodonMedia } from './mastodon-media';

export type MastodonStatus = {
  id: string;
  url: string | null;
  uri: string;
  created_at: string;
  content: string;
  spoiler_text: string;
  visibility: string;
  sensitive: boolean;
  language: string | null;
  in_reply_to_id: string | null;
  replies_count: number;
  reblogs_count: number;
  favourites_count: number;
  media_attachments: {
    id: string;
    type: string;
    url: string | null;
    preview_url: string | null;
    meta?: { original?: { width?: number; height?: number; duration?: number } };
  }[];
  reblog: unknown;
};

const VISIBILITY: Record<string, string> = { PUBLIC: 'public', UNLISTED: 'unlisted', PRIVATE: 'private', DIRECT: 'direct' };

type PollOption = { options: string[]; expiresIn: number; multiple?: boolean; hideTotals?: boolean };

/**
 * Statuses are created with the intent as their `Idempotency-Key` header: Mastodon remembers the
 * key per account for an hour and answers a repeat with the first status. That is what makes a
 * retry after a crash safe (re-uploaded media of the repeat are left unattached; servers remove
 * those). There is no lookup by key, so `findByIntent` has nothing to ask and answers null: the
 * worker then publishes again with the same key and gets the first status back.
 */
export function mastodonPublishing(api: MastodonApi): PublishingCapability {
  return {
    async publish(env, credentials, _target, request) {
      const options = request.options;
      const mediaIds: string[] = [];
      let thumbnail: string | null = null;
      for (const [index, medium] of request.media.entries()) {
        const attachment = await uploadMastodonMedia(api, env, credentials, medium, index, typeof options.altText === 'string' ? options.altText : undefined);
        mediaIds.push(attachment.id);
        thumbnail ??= attachment.preview_url;
      }
      const poll = options.poll as PollOption | undefined;
      const { body: status } = await api.asAccount<MastodonStatus>(credentials, {
        operation: 'publishing.publish',
        method: 'POST',
        path: '/api/v1/statuses',
        headers: { 'idempotency-key': request.intentKey },
        body: {
          status: typeof options.text === 'string' ? options.text : '',
          ...(mediaIds.length > 0 ? { media_ids: mediaIds } : {}),
          ...(typeof options.spoiler === 'string' && options.spoiler ? { spoiler_text: options.spoiler } : {}),
          ...(typeof options.privacy === 'string' && VISIBILITY[options.privacy] ? { visibility: VISIBILITY[options.privacy] } : {}),
          ...(poll
            ? { poll: { options: poll.options, expires_in: poll.expiresIn, multiple: poll.multiple ?? false, hide_totals: poll.hideTotals ?? false } }
            : {}),
        },
      });
      const preview = status.media_attachments[0]?.preview_url ?? thumbnail;
      return { externalData: { id: status.id, permalink: status.url ?? status.uri, ...(preview ? { thumbnail: preview } : {}) } };
    },

    async findByIntent() {
      return null;
    },

    async comment(_env, credentials, _target, request) {
      const { body: status } = await api.asAccount<MastodonStatus>(credentials, {
        operation: 'publishing.comment',
        method: 'POST',
        path: '/api/v1/statuses',
        headers: { 'idempotency-key': request.intentKey },
        body: { status: request.text, in_reply_to_id: request.externalData.id },
      });
      return { id: status.id, permalink: status.url ?? status.uri };
    },
  };
}
