import type { PostPlatform } from '../platform-types';

/** Platforms where the service posts a first comment under a published post (the spec's list). */
export const FIRST_COMMENT_PLATFORMS = [
  'TIKTOK',
  'YOUTUBE',
  'INSTAGRAM',
  'FACEBOOK',
  'TWITTER',
  'THREADS',
  'LINKEDIN',
  'REDDIT',
  'MASTODON',
  'DISCORD',
  'SLACK',
  'BLUESKY',
] as const satisfies readonly PostPlatform[];
