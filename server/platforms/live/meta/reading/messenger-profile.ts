import type { Credentials } from '../../../connector';
import { PlatformError } from '../../../platform-error';
import type { MessengerSetting, ProviderSettingsCapability } from '../../../provider-settings';
import type { MetaConfig } from '../meta-config';
import { type Acting, metaActing, requireGranted } from './meta-acting';

/**
 * Ice breakers (Instagram) and the persistent menu with its Get Started button (Facebook Pages)
 * through the Messenger Profile API (decision 076):
 * https://developers.facebook.com/docs/messenger-platform/reference/messenger-profile-api and
 * https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/messaging-api/ice-breakers.
 * `POST /me/messenger_profile` with the Page token (`platform=instagram` for the Instagram account
 * linked to the Page) or, for Instagram Login, on graph.instagram.com with the account's token;
 * `DELETE` with the fields to remove. Pushing replaces what the screen showed (Meta replaces the
 * property as a whole); the menu is sent with its Get Started button, which Meta requires first.
 */
export function messengerProfile(config: MetaConfig, platform: 'FACEBOOK' | 'INSTAGRAM'): ProviderSettingsCapability {
  const acting = metaActing(config, platform);
  const kind = platform === 'INSTAGRAM' ? 'INSTAGRAM_ICE_BREAKERS' : 'FACEBOOK_PERSISTENT_MENU';

  async function actingFor(credentials: Credentials, pageId: string, operation: string): Promise<Acting> {
    const who = await acting(credentials, { externalId: pageId, selectedChannelId: pageId }, operation);
    requireGranted(who, 'messaging', operation);
    return who;
  }

  function body(setting: MessengerSetting, operation: string): Record<string, unknown> {
    if (setting.type !== kind) {
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: `${operation}: ${platform} has no ${setting.type}`,
        httpStatus: 400,
        userFacingMessage:
          platform === 'INSTAGRAM' ? 'Instagram accounts show ice breakers, not a persistent menu.' : 'Facebook Pages show a persistent menu here.',
        meta: { platform, operation },
      });
    }
    if (setting.type === 'INSTAGRAM_ICE_BREAKERS') {
      return {
        platform: 'instagram',
        // The localized format; Meta requires the `default` locale.
        ice_breakers: [{ locale: 'default', call_to_actions: setting.iceBreakers.map((item) => ({ question: item.question, payload: item.payload })) }],
      };
    }
    return {
      get_started: { payload: setting.getStartedPayload },
      persistent_menu: [
        {
          locale: 'default',
          composer_input_disabled: setting.composerInputDisabled,
          call_to_actions: setting.items.map((item) =>
            item.type === 'POSTBACK'
              ? { type: 'postback', title: item.title, payload: item.payload }
              : { type: 'web_url', title: item.title, url: item.url, webview_height_ratio: 'full' },
          ),
        },
      ],
    };
  }

  return {
    types: [kind],
    async push(_env, credentials, input) {
      const operation = 'providerSettings.push';
      const jsonBody = body(input.setting, operation);
      const who = await actingFor(credentials, input.pageId, operation);
      await who.graph.call({ operation, path: '/me/messenger_profile', token: who.token, jsonBody, ...platformQuery(who) });
    },
    async remove(_env, credentials, input) {
      const operation = 'providerSettings.remove';
      const who = await actingFor(credentials, input.pageId, operation);
      // Removing the menu removes the Get Started button too (the provider-settings contract).
      const fields = input.type === 'INSTAGRAM_ICE_BREAKERS' ? ['ice_breakers'] : ['persistent_menu', 'get_started'];
      await who.graph.call({
        operation,
        path: '/me/messenger_profile',
        token: who.token,
        method: 'DELETE',
        jsonBody: { fields, ...(platform === 'INSTAGRAM' ? { platform: 'instagram' } : {}) },
        ...platformQuery(who),
      });
    },
  };

  /** On graph.facebook.com the Page token stands for the Page: `platform=instagram` addresses its Instagram account. */
  function platformQuery(who: Acting) {
    return platform === 'INSTAGRAM' && who.login === 'facebook' ? { query: { platform: 'instagram' } } : {};
  }
}
