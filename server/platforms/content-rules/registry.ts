import { z } from '@hono/zod-openapi';
import type { PostPlatform } from '../platform-types';
import { BlueskyOptions } from './bluesky';
import { DiscordOptions, SlackOptions } from './chat-webhooks';
import { FacebookOptions } from './facebook';
import { GoogleBusinessOptions } from './google-business';
import { InstagramOptions } from './instagram';
import { LinkedinOptions } from './linkedin';
import { MastodonOptions } from './mastodon';
import { PinterestOptions } from './pinterest';
import { RedditOptions } from './reddit';
import { SnapchatOptions } from './snapchat';
import { ThreadsOptions } from './threads';
import { TiktokOptions } from './tiktok';
import { TwitterOptions } from './twitter';
import { YoutubeOptions } from './youtube';

/**
 * `data.<PLATFORM>` of a post, one schema per platform with its cross-field rules. The API and the
 * dashboard composer validate with these same schemas.
 */
export const platformOptionSchemas = {
  TIKTOK: TiktokOptions,
  YOUTUBE: YoutubeOptions,
  INSTAGRAM: InstagramOptions,
  FACEBOOK: FacebookOptions,
  TWITTER: TwitterOptions,
  THREADS: ThreadsOptions,
  LINKEDIN: LinkedinOptions,
  PINTEREST: PinterestOptions,
  REDDIT: RedditOptions,
  MASTODON: MastodonOptions,
  DISCORD: DiscordOptions,
  SLACK: SlackOptions,
  BLUESKY: BlueskyOptions,
  GOOGLE_BUSINESS: GoogleBusinessOptions,
  SNAPCHAT: SnapchatOptions,
} satisfies Record<PostPlatform, z.ZodTypeAny>;

export type PlatformOptions = { [P in PostPlatform]: z.infer<(typeof platformOptionSchemas)[P]> };

export const PostDataSchema = z
  .object(
    Object.fromEntries(Object.entries(platformOptionSchemas).map(([platform, schema]) => [platform, schema.optional()])) as {
      [P in PostPlatform]: z.ZodOptional<(typeof platformOptionSchemas)[P]>;
    },
  )
  .strict()
  .openapi('PostData');
