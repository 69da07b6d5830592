import { bluesky } from './definitions/bluesky';
import { discord } from './definitions/discord';
import { facebook } from './definitions/facebook';
import { googleBusiness } from './definitions/google-business';
import { instagram } from './definitions/instagram';
import { linkedin } from './definitions/linkedin';
import { mastodon } from './definitions/mastodon';
import { pinterest } from './definitions/pinterest';
import { reddit } from './definitions/reddit';
import { slack } from './definitions/slack';
import { snapchat } from './definitions/snapchat';
import { threads } from './definitions/threads';
import { tiktok } from './definitions/tiktok';
import { twitter } from './definitions/twitter';
import { youtube } from './definitions/youtube';
import type { ChannelSelection, PlatformDefinition } from './platform-definition';
import { POST_PLATFORMS, SOCIAL_ACCOUNT_TYPES, type PostPlatform, type SocialAccountType } from './platform-types';

/** Every platform the product knows, keyed by type. */
export const PLATFORMS: Record<PostPlatform, PlatformDefinition> = {
  TIKTOK: tiktok,
  YOUTUBE: youtube,
  INSTAGRAM: instagram,
  FACEBOOK: facebook,
  TWITTER: twitter,
  THREADS: threads,
  LINKEDIN: linkedin,
  PINTEREST: pinterest,
  REDDIT: reddit,
  MASTODON: mastodon,
  DISCORD: discord,
  SLACK: slack,
  BLUESKY: bluesky,
  GOOGLE_BUSINESS: googleBusiness,
  SNAPCHAT: snapchat,
};

export function platformOf(type: string): PlatformDefinition {
  const definition = PLATFORMS[type as PostPlatform];
  if (!definition) throw new Error(`unknown platform ${type}`);
  return definition;
}

export function isSocialAccountType(value: string): value is SocialAccountType {
  return (SOCIAL_ACCOUNT_TYPES as readonly string[]).includes(value);
}

type Capability = keyof PlatformDefinition['supports'];

/** Account types with a capability, in the spec's order (for request enums and the dashboard). */
export function accountTypesSupporting(capability: Capability): SocialAccountType[] {
  return SOCIAL_ACCOUNT_TYPES.filter((type) => PLATFORMS[type].supports[capability]);
}

/** Account types whose channels can take part in `selection` under some way of connecting. */
export function accountTypesWithChannels(selections: ChannelSelection[]): SocialAccountType[] {
  return SOCIAL_ACCOUNT_TYPES.filter((type) =>
    [PLATFORMS[type].channels({}), PLATFORMS[type].channels({ instagramConnectionMethod: 'FACEBOOK' })].some(
      (model) => model !== null && selections.includes(model.selection),
    ),
  );
}

export { POST_PLATFORMS, SOCIAL_ACCOUNT_TYPES };
