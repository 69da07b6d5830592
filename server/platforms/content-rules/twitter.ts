import { z } from '@hono/zod-openapi';
import { fail, flag, hasItems, mediaItem, optionalText, uploadIds } from './shared';

export const TWEET_LENGTH = 280;
export const TWEET_STORM_LENGTH = 25_000;

const poll = z
  .object({
    options: z.array(z.string().min(1).max(25)).min(2).max(4),
    durationMinutes: z
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60),
  })
  .strict();

export const TwitterOptions = z
  .object({
    text: optionalText(TWEET_STORM_LENGTH),
    uploadIds: uploadIds(4),
    mediaItems: z.array(mediaItem).max(4).nullish(),
    replySettings: z.enum(['EVERYONE', 'FOLLOWING', 'MENTIONED_USERS', 'SUBSCRIBERS', 'VERIFIED']).nullish(),
    poll: poll.nullish(),
    quoteTweetId: z
      .string()
      .regex(/^\d{1,20}$/, 'Must be a post id')
      .nullish(),
    replyToTweetId: z
      .string()
      .regex(/^\d{1,20}$/, 'Must be a post id')
      .nullish(),
    subscribersOnly: flag,
    thread: z
      .array(z.object({ text: z.string().min(1).max(TWEET_LENGTH), uploadIds: uploadIds(4) }).strict())
      .max(25)
      .nullish(),
    tweetStorm: flag,
    tweetStormNumbering: flag,
    isAiGenerated: flag,
  })
  .strict()
  .superRefine((data, ctx) => {
    if (data.text && data.text.length > TWEET_LENGTH && !data.tweetStorm) {
      fail(ctx, ['text'], `Posts on X are limited to ${TWEET_LENGTH} characters; turn on tweetStorm to split longer text into a thread`);
    }
    if (data.poll) {
      if (hasItems(data.uploadIds) || hasItems(data.mediaItems)) fail(ctx, ['poll'], 'A poll cannot be combined with media');
      if (data.quoteTweetId) fail(ctx, ['poll'], 'A poll cannot be combined with a quote');
      if (hasItems(data.thread) || data.tweetStorm) fail(ctx, ['poll'], 'A poll cannot be combined with a thread');
    }
    if (hasItems(data.uploadIds) && hasItems(data.mediaItems)) {
      fail(ctx, ['mediaItems'], 'Use either uploadIds or mediaItems, not both');
    }
  });
