import type { PlatformConnector } from '../../connector';
import { facebook } from '../../definitions/facebook';
import { metaWebhooks } from './inbound/meta-webhooks';
import { metaMessaging } from './messaging/meta-messaging';
import { facebookPublishing } from './publishing/facebook-publishing';
import { metaActions } from './publishing/meta-actions';
import { metaExtras } from './reading/meta-extras';
import { facebookReading } from './reading/facebook-reading';
import { facebookRecommendations } from './reading/facebook-recommendations';
import { messengerProfile } from './reading/messenger-profile';
import { facebookLogin } from './facebook-login';
import { facebookLoginProfile } from './facebook-login-profile';
import type { MetaConfig } from './meta-config';
import { FACEBOOK_LOGIN_ALWAYS, FACEBOOK_PAGE_SCOPES, scopesFor } from './meta-permissions';

/**
 * Facebook Pages for real (decision 072), this slice: connecting with Facebook Login for Business,
 * the Pages the person shared and may publish to as channels, and the chosen Page's long-lived
 * token kept at `set-channel`. Later slices of issue 23 add their members below (the DM inbox,
 * webhooks and polling: decision 075); a member still null answers a clear 400.
 */
export function facebookConnector(config: MetaConfig): PlatformConnector {
  const login = facebookLogin(config, 'FACEBOOK');
  return {
    type: 'FACEBOOK',
    definition: facebook,
    mode: 'live',
    connect: {
      method: 'oauth',
      authorizationUrl: async (_env, input) =>
        login.authorizationUrl({ ...input, scopes: scopesFor(FACEBOOK_PAGE_SCOPES, input.permissions, FACEBOOK_LOGIN_ALWAYS) }),
      exchange: (_env, input) => login.exchange(input),
    },
    auth: login.auth,
    profile: facebookLoginProfile(login, FACEBOOK_PAGE_SCOPES, 'pages'),
    // Meta's webhooks (`/webhooks/meta`) and, without them, polling; the Send API (decision 075).
    webhooks: metaWebhooks(config, 'FACEBOOK'),
    // X's metered actions only.
    xActions: null,
    publishing: facebookPublishing(config),
    // Instagram audio, Facebook token inspection (decision 088).
    actions: { ...metaActions(config, 'FACEBOOK'), extras: metaExtras(config, 'FACEBOOK') },
    // History, comments and insights; the persistent menu; recommendations (decision 076).
    ...facebookReading(config),
    providerSettings: messengerProfile(config, 'FACEBOOK'),
    reviews: facebookRecommendations(config),
    messaging: metaMessaging(config, 'FACEBOOK'),
  };
}
