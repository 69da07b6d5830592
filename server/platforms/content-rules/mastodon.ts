import { z } from '@hono/zod-openapi';
import { fail, hasItems, optionalText, uploadIds } from './shared';

/** Mastodon's default poll limits: 2 to 4 options of up to 50 characters, open 5 minutes to a month. */
const MastodonPoll = z
  .object({
    options: z.array(z.string().min(1).max(50)).min(2).max(4),
    expiresIn: z.number().int().min(300).max(2_629_746),
    multiple: z.boolean().nullish(),
    hideTotals: z.boolean().nullish(),
  })
  .strict();

export const MastodonOptions = z
  .object({
    text: optionalText(500),
    uploadIds: uploadIds(4),
    thumbnail: z.string().max(64).nullish(),
    privacy: z.enum(['PUBLIC', 'UNLISTED', 'PRIVATE', 'DIRECT']).nullish(),
    spoiler: optionalText(500),
    /** The media description (alt text) every file of the status gets; Mastodon allows 1,500 characters. */
    altText: optionalText(1500),
    poll: MastodonPoll.nullish(),
  })
  .strict()
  .superRefine((data, ctx) => {
    if (!data.text && !hasItems(data.uploadIds)) fail(ctx, ['text'], 'A status needs text or media');
    if (data.poll && hasItems(data.uploadIds)) fail(ctx, ['poll'], 'A poll cannot be combined with media');
  });
