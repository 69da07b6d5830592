/** The account types a team can connect (the spec's 14), in the spec's order. */
export const SOCIAL_ACCOUNT_TYPES = [
  'TIKTOK',
  'YOUTUBE',
  'INSTAGRAM',
  'FACEBOOK',
  'TWITTER',
  'THREADS',
  'LINKEDIN',
  'PINTEREST',
  'REDDIT',
  'MASTODON',
  'DISCORD',
  'SLACK',
  'BLUESKY',
  'GOOGLE_BUSINESS',
] as const;

export type SocialAccountType = (typeof SOCIAL_ACCOUNT_TYPES)[number];

/** Post payloads also accept Snapchat. */
export const POST_PLATFORMS = [...SOCIAL_ACCOUNT_TYPES, 'SNAPCHAT'] as const;
export type PostPlatform = (typeof POST_PLATFORMS)[number];
