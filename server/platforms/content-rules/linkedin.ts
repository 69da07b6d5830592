import { z } from '@hono/zod-openapi';
import { fail, flag, hasItems, httpsUrl, optionalText, uploadIds } from './shared';

export const LinkedinOptions = z
  .object({
    text: z.string().min(1).max(3000),
    uploadIds: uploadIds(20),
    link: httpsUrl.nullish(),
    thumbnail: z.string().max(64).nullish(),
    mediaTitle: optionalText(200),
    privacy: z.enum(['CONNECTIONS', 'PUBLIC', 'LOGGED_IN', 'CONTAINER']).nullish(),
    hideFromFeed: flag,
    disableReshare: flag,
  })
  .strict()
  .superRefine((data, ctx) => {
    if (data.link && hasItems(data.uploadIds)) fail(ctx, ['link'], 'A LinkedIn post has either a link or media, not both');
  });
