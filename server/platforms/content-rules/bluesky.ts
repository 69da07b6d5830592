import { z } from '@hono/zod-openapi';
import { fail, graphemeLength, hasItems, httpsUrl, mediaItem, optionalText, uploadIds } from './shared';

export const BLUESKY_LENGTH = 300;

export const BlueskyOptions = z
  .object({
    text: optionalText(3000),
    uploadIds: uploadIds(4),
    /** Images with their alt text (as X and Threads take them); instead of `uploadIds`. */
    mediaItems: z.array(mediaItem).max(4).nullish(),
    /** Posts replying in turn to the first one, each up to 300 graphemes with up to 4 files. */
    thread: z
      .array(z.object({ text: z.string().min(1).max(3000), uploadIds: uploadIds(4) }).strict())
      .max(25)
      .nullish(),
    tags: z.array(z.string().trim().min(1).max(64)).max(8).nullish(),
    labels: z.array(z.enum(['!no-unauthenticated', 'porn', 'sexual', 'nudity', 'graphic-media'])).nullish(),
    quoteUri: z
      .string()
      .max(512)
      .regex(/^at:\/\//, 'Must be an at:// URI')
      .optional(),
    externalUrl: httpsUrl.nullish(),
    externalTitle: optionalText(300),
    externalDescription: optionalText(1000),
    thumbnail: z.string().max(64).nullish(),
    videoAlt: z.string().max(10_000).nullish(),
  })
  .strict()
  .superRefine((data, ctx) => {
    // Bluesky counts graphemes, so an emoji counts once.
    if (data.text && graphemeLength(data.text) > BLUESKY_LENGTH) fail(ctx, ['text'], `Bluesky posts are limited to ${BLUESKY_LENGTH} characters`);
    const media = hasItems(data.uploadIds) || hasItems(data.mediaItems);
    if (hasItems(data.uploadIds) && hasItems(data.mediaItems)) fail(ctx, ['mediaItems'], 'Use either uploadIds or mediaItems, not both');
    data.thread?.forEach((entry, i) => {
      if (graphemeLength(entry.text) > BLUESKY_LENGTH) fail(ctx, ['thread', i, 'text'], `Bluesky posts are limited to ${BLUESKY_LENGTH} characters`);
    });
    if (!data.text && !media && !data.externalUrl) fail(ctx, ['text'], 'A Bluesky post needs text, media or a link card');
    if (data.externalUrl && media) fail(ctx, ['externalUrl'], 'A link card cannot be combined with media');
    if ((data.externalTitle || data.externalDescription) && !data.externalUrl) fail(ctx, ['externalUrl'], 'A link card needs externalUrl');
  });
