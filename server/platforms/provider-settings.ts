import type { ConnectorEnv, Credentials } from './connector';

/*
 * What a page (Facebook) or account (Instagram) shows people when they open its DM screen: the
 * questions of Instagram's ice breakers, or Facebook's persistent menu with its Get Started button.
 * A tap on any of them reaches the page as a postback carrying the item's payload.
 */

export type IceBreakers = { type: 'INSTAGRAM_ICE_BREAKERS'; iceBreakers: { question: string; payload: string }[] };
export type PersistentMenu = {
  type: 'FACEBOOK_PERSISTENT_MENU';
  getStartedPayload: string;
  /** True hides the text box: people can only tap. */
  composerInputDisabled: boolean;
  items: ({ type: 'POSTBACK'; title: string; payload: string } | { type: 'URL'; title: string; url: string })[];
};
export type MessengerSetting = IceBreakers | PersistentMenu;

export type ProviderSettingsCapability = {
  /** The kinds this platform has. */
  types: readonly MessengerSetting['type'][];
  /** Replaces what the page shows; the platform checks its own rules and may refuse. */
  push(env: ConnectorEnv, credentials: Credentials, input: { pageId: string; setting: MessengerSetting }): Promise<void>;
  /** Takes it away (removing the menu removes the Get Started button too). Removing what is not there is fine. */
  remove(env: ConnectorEnv, credentials: Credentials, input: { pageId: string; type: MessengerSetting['type'] }): Promise<void>;
};
