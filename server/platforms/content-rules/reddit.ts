import { z } from '@hono/zod-openapi';
import { fail, flag, hasItems, httpsUrl, optionalText, uploadIds } from './shared';

export const RedditOptions = z
  .object({
    sr: z
      .string()
      .trim()
      .transform((name) => name.replace(/^\/?r\//i, ''))
      .pipe(z.string().regex(/^[A-Za-z0-9_]{2,21}$/, 'Must be a subreddit name such as r/photography')),
    text: z.string().trim().min(1).max(300).openapi({ description: 'The post title' }),
    description: optionalText(40_000),
    uploadIds: uploadIds(20),
    link: httpsUrl.nullish(),
    nsfw: flag,
    flairId: z.string().max(64).nullish(),
  })
  .strict()
  .superRefine((data, ctx) => {
    if (data.link && hasItems(data.uploadIds)) fail(ctx, ['link'], 'A Reddit post is text, a link or media: not a link and media');
  });
