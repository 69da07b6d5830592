import type { AnalyticsCapability } from '../../analytics';
import type { MastodonApi } from './mastodon-api';
import type { MastodonStatus } from './mastodon-publishing';

type MastodonAccount = { id: string; followers_count: number; following_count: number; statuses_count: number };

/**
 * Mastodon counts and nothing more: no impressions or views exist on the fediverse. A status has
 * favourites (likes), boosts (shares) and replies (comments); the account has followers,
 * following and its number of statuses. Counts are as the account's own server knows them.
 */
export function mastodonAnalytics(api: MastodonApi): AnalyticsCapability {
  const none = { impressions: 0, impressionsUnique: 0, views: 0, viewsUnique: 0 };
  return {
    async account(_env, credentials) {
      const { body } = await api.asAccount<MastodonAccount>(credentials, { operation: 'analytics.account', path: '/api/v1/accounts/verify_credentials' });
      const raw = { followers_count: body.followers_count, following_count: body.following_count, statuses_count: body.statuses_count };
      return {
        metrics: { ...none, likes: 0, comments: 0, postCount: body.statuses_count, followers: body.followers_count, following: body.following_count },
        raw,
      };
    },
    async post(_env, credentials, _target, item) {
      const { body } = await api.asAccount<MastodonStatus>(credentials, { operation: 'analytics.post', path: `/api/v1/statuses/${item.externalId}` });
      const raw = { favourites_count: body.favourites_count, reblogs_count: body.reblogs_count, replies_count: body.replies_count };
      return { metrics: { ...none, likes: body.favourites_count, dislikes: 0, comments: body.replies_count, shares: body.reblogs_count, saves: 0 }, raw };
    },
  };
}
