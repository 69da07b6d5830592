import type { PlatformConnector } from '../../connector';
import { googleBusiness } from '../../definitions/google-business';
import { GbpApi, type GbpConfig } from './gbp-api';
import { gbpAnalytics } from './gbp-analytics';
import { gbpLocations } from './gbp-locations';
import { subscribeReviews } from './gbp-notifications';
import { gbpAuth, gbpConnect } from './gbp-oauth';
import { gbpProfile } from './gbp-profile';
import { gbpActions, gbpPublishing } from './gbp-publishing';
import { gbpReviews } from './gbp-reviews';
import { gbpWebhooks } from './gbp-webhooks';

/**
 * Google Business Profile for real (issue 27, decision 093): Google OAuth with offline access, the
 * person's locations as channels, local posts, reviews (Pub/Sub notifications, polled by the hourly
 * review sync where none are set up), the location profile group and Performance API numbers.
 */
export function googleBusinessConnector(config: GbpConfig): PlatformConnector {
  const api = new GbpApi(config);
  const profile = gbpProfile(api);
  return {
    type: 'GOOGLE_BUSINESS',
    definition: googleBusiness,
    mode: 'live',
    connect: gbpConnect(api),
    auth: gbpAuth(api),
    profile: {
      ...profile,
      // Choosing the location is when its Google account's review notifications are turned on.
      async channelCredentials(_env, credentials, channelId) {
        // Best effort: without notifications the hourly review sync still fills the list, and the
        // token held here may be past its hour (set-channel does not refresh it first).
        if (channelId) await subscribeReviews(api, credentials, channelId).catch(() => undefined);
        return credentials;
      },
    },
    messaging: null,
    webhooks: gbpWebhooks(),
    publishing: gbpPublishing(api),
    actions: gbpActions(api),
    analytics: gbpAnalytics(api),
    xActions: null,
    comments: null,
    reviews: gbpReviews(api),
    history: null,
    providerSettings: null,
    locations: gbpLocations(api),
  };
}
