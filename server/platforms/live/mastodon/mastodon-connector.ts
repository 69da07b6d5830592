import type { PlatformConnector } from '../../connector';
import { mastodon } from '../../definitions/mastodon';
import { PlatformError } from '../../platform-error';
import { noInboundWebhooks } from '../shared/no-inbound-webhooks';
import { htmlToText, MastodonApi, type MastodonConfig } from './mastodon-api';
import { mastodonActions } from './mastodon-actions';
import { mastodonAnalytics } from './mastodon-analytics';
import { mastodonComments } from './mastodon-comments';
import { mastodonHistory } from './mastodon-history';
import { mastodonConnect } from './mastodon-oauth';
import { mastodonPublishing } from './mastodon-publishing';

type MastodonAccount = { id: string; username: string; acct: string; display_name: string; note: string; avatar: string; url: string };

/**
 * Mastodon for real, on any server: connecting registers our app there (mastodon-oauth.ts); the
 * account's credentials carry its server. Tokens do not expire and cannot be refreshed.
 */
export function mastodonConnector(config: MastodonConfig): PlatformConnector {
  const api = new MastodonApi(config);
  return {
    type: 'MASTODON',
    definition: mastodon,
    mode: 'live',
    connect: mastodonConnect(api),
    auth: {
      async refresh() {
        throw new PlatformError({
          code: 'TOKEN_EXPIRED',
          message: 'Mastodon tokens cannot be refreshed; reconnect the account',
          httpStatus: 401,
          meta: { platform: 'MASTODON', operation: 'auth.refresh' },
        });
      },
    },
    profile: {
      async fetch(_env, credentials) {
        const { body, server } = await api.asAccount<MastodonAccount>(credentials, { operation: 'profile.fetch', path: '/api/v1/accounts/verify_credentials' });
        return {
          profile: {
            externalId: body.id,
            username: body.username,
            displayName: body.display_name || body.username,
            bio: htmlToText(body.note) || null,
            avatarUrl: body.avatar,
            email: null,
            attributes: { server, acct: `${body.acct}@${new URL(server).host}`, url: body.url },
          },
          permissions: ['profile', 'publish', 'comments', 'analytics'],
        };
      },
      async listChannels() {
        return [];
      },
    },
    messaging: null,
    webhooks: noInboundWebhooks('MASTODON'),
    publishing: mastodonPublishing(api),
    actions: mastodonActions(api),
    analytics: mastodonAnalytics(api),
    xActions: null,
    comments: mastodonComments(api),
    reviews: null,
    history: mastodonHistory(api),
    providerSettings: null,
  };
}
