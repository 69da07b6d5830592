import type { Credentials, PlatformConnector } from '../../connector';
import { instagram } from '../../definitions/instagram';
import { metaWebhooks } from './inbound/meta-webhooks';
import { metaMessaging } from './messaging/meta-messaging';
import { instagramPublishing } from './publishing/instagram-publishing';
import { metaActions } from './publishing/meta-actions';
import { metaExtras } from './reading/meta-extras';
import { instagramReading } from './reading/instagram-reading';
import { messengerProfile } from './reading/messenger-profile';
import { facebookLogin } from './facebook-login';
import { facebookLoginProfile } from './facebook-login-profile';
import { instagramLogin } from './instagram-login';
import type { MetaConfig } from './meta-config';
import { metaTokenKind } from './meta-credentials';
import { FACEBOOK_LOGIN_ALWAYS, INSTAGRAM_VIA_FACEBOOK_SCOPES, scopesFor } from './meta-permissions';
import { META_REFRESH_AHEAD_SECONDS } from './meta-user-login';

/**
 * Instagram professional accounts for real (decision 072), both ways the spec names: Facebook Login
 * for Business (`instagramConnectionMethod: FACEBOOK`: the Instagram accounts linked to the Pages
 * shared, one picked with `set-channel`, acting with its Page's token) and Instagram Login
 * (`INSTAGRAM`: the account itself, refreshable, reconnectable in place). The account's token says
 * which login it came from. Later slices add their members below (DMs, webhooks and polling on
 * either login: decision 075).
 */
export function instagramConnector(config: MetaConfig): PlatformConnector {
  const viaFacebook = facebookLogin(config, 'INSTAGRAM');
  const facebookProfile = facebookLoginProfile(viaFacebook, INSTAGRAM_VIA_FACEBOOK_SCOPES, 'instagram');
  const viaInstagram = instagramLogin(config);
  const connect = viaInstagram.connect;
  const byFacebook = (credentials: Credentials) => metaTokenKind(credentials) === 'facebook';

  return {
    type: 'INSTAGRAM',
    definition: instagram,
    mode: 'live',
    connect: {
      method: 'oauth',
      authorizationUrl: async (env, input) =>
        input.instagramConnectionMethod === 'FACEBOOK'
          ? viaFacebook.authorizationUrl({ ...input, scopes: scopesFor(INSTAGRAM_VIA_FACEBOOK_SCOPES, input.permissions, FACEBOOK_LOGIN_ALWAYS) })
          : connect.authorizationUrl(env, input),
      exchange: (env, input) => (input.instagramConnectionMethod === 'FACEBOOK' ? viaFacebook.exchange(input) : connect.exchange(env, input)),
    },
    auth: {
      // Facebook-login accounts hold no refresh token, so only Instagram Login tokens are ever due.
      refreshAheadSeconds: META_REFRESH_AHEAD_SECONDS,
      refresh: (env, credentials) => (byFacebook(credentials) ? viaFacebook.auth.refresh() : viaInstagram.auth.refresh(env, credentials)),
    },
    profile: {
      fetch: (env, credentials) => (byFacebook(credentials) ? facebookProfile.fetch(env, credentials) : viaInstagram.profile.fetch(env, credentials)),
      listChannels: (env, credentials) =>
        byFacebook(credentials) ? facebookProfile.listChannels(env, credentials) : viaInstagram.profile.listChannels(env, credentials),
      // Instagram Login accounts have no channel: their token stays as it is.
      channelCredentials: async (env, credentials, channelId) =>
        byFacebook(credentials) ? facebookProfile.channelCredentials(env, credentials, channelId) : credentials,
    },
    // Both logins' webhooks and, without them, polling; the Send API on either host (decision 075).
    webhooks: metaWebhooks(config, 'INSTAGRAM'),
    xActions: null,
    // Google Business reviews and Facebook recommendations only.
    reviews: null,
    publishing: instagramPublishing(config),
    // Instagram audio, Facebook token inspection (decision 088).
    actions: { ...metaActions(config, 'INSTAGRAM'), extras: metaExtras(config, 'INSTAGRAM') },
    // History, comments and insights; ice breakers (decision 076).
    ...instagramReading(config),
    providerSettings: messengerProfile(config, 'INSTAGRAM'),
    messaging: metaMessaging(config, 'INSTAGRAM'),
  };
}
