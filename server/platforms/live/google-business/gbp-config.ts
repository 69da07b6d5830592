import type { Config } from '../../../config';
import { createLogger } from '../../../logger';
import type { PlatformConnector } from '../../connector';
import type { LiveHttpClient } from '../live-http';
import type { PushAuthConfig } from './gbp-push-auth';
import { googleBusinessConnector } from './gbp-connector';

/** The Google Business connector from the operator's settings (every Google host is one, decision 093). */
export function googleBusinessConnectorOf(config: Config, http: LiveHttpClient): PlatformConnector {
  return googleBusinessConnector({
    http,
    clientId: config.GOOGLE_BUSINESS_CLIENT_ID ?? '',
    clientSecret: config.GOOGLE_BUSINESS_CLIENT_SECRET ?? '',
    authorizeUrl: config.GOOGLE_BUSINESS_AUTHORIZE_URL,
    tokenUrl: config.GOOGLE_BUSINESS_TOKEN_URL,
    userinfoUrl: config.GOOGLE_BUSINESS_USERINFO_URL,
    accountsBase: config.GOOGLE_BUSINESS_ACCOUNTS_URL,
    informationBase: config.GOOGLE_BUSINESS_INFORMATION_URL,
    v4Base: config.GOOGLE_BUSINESS_V4_URL,
    placeActionsBase: config.GOOGLE_BUSINESS_PLACE_ACTIONS_URL,
    notificationsBase: config.GOOGLE_BUSINESS_NOTIFICATIONS_URL,
    performanceBase: config.GOOGLE_BUSINESS_PERFORMANCE_URL,
    pubsubTopic: config.GOOGLE_BUSINESS_PUBSUB_TOPIC ?? null,
    // Operators see it in the logs; the account's refresh fails with ACCESS_REVOKED after 7 days.
    warn: (warning) =>
      createLogger(config.LOG_LEVEL).warn(warning.message, { platform: 'GOOGLE_BUSINESS', refreshTokenExpiresAt: warning.refreshTokenExpiresAt.toISOString() }),
  });
}

export function pushAuthOf(config: Config, http: LiveHttpClient): PushAuthConfig {
  return {
    http,
    certsUrl: config.GOOGLE_OIDC_CERTS_URL,
    audience: config.GOOGLE_BUSINESS_PUSH_AUDIENCE ?? null,
    serviceAccount: config.GOOGLE_BUSINESS_PUSH_SERVICE_ACCOUNT ?? null,
    token: config.GOOGLE_BUSINESS_PUSH_TOKEN ?? null,
  };
}
