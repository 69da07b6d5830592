import { z } from '@hono/zod-openapi';
import { fail, hasItems, optionalText, uploadIds } from './shared';

export const MastodonOptions = z
  .object({
    text: optionalText(500),
    uploadIds: uploadIds(4),
    thumbnail: z.string().max(64).nullish(),
    privacy: z.enum(['PUBLIC', 'UNLISTED', 'PRIVATE', 'DIRECT']).nullish(),
    spoiler: optionalText(500),
  })
  .strict()
  .superRefine((data, ctx) => {
    if (!data.text && !hasItems(data.uploadIds)) fail(ctx, ['text'], 'A status needs text or media');
  });
