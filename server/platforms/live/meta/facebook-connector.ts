import type { PlatformConnector } from '../../connector';
import { facebook } from '../../definitions/facebook';
import { noInboundWebhooks } from '../shared/no-inbound-webhooks';
import { NOT_YET_LIVE } from './not-yet-live';
import { facebookLogin } from './facebook-login';
import { facebookLoginProfile } from './facebook-login-profile';
import type { MetaConfig } from './meta-config';
import { FACEBOOK_LOGIN_ALWAYS, FACEBOOK_PAGE_SCOPES, scopesFor } from './meta-permissions';

/**
 * Facebook Pages for real (decision 072), this slice: connecting with Facebook Login for Business,
 * the Pages the person shared and may publish to as channels, and the chosen Page's long-lived
 * token kept at `set-channel`. Publishing, comments, the DM inbox, reviews and insights are the
 * next slices' members, null until then (the routes answer a clear 400).
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
    // Meta's webhooks (`/webhooks/meta`, signed with the app secret) come with the messaging slice.
    webhooks: noInboundWebhooks('FACEBOOK'),
    ...NOT_YET_LIVE,
  };
}
