import { z } from '@hono/zod-openapi';
import { flag, httpsUrl, optionalText, uploadIds } from './shared';

export const PinterestOptions = z
  .object({
    boardName: z.string().trim().min(1).max(180),
    text: optionalText(100).openapi({ description: 'Pin title (100 characters)' }),
    description: optionalText(800),
    uploadIds: uploadIds(5),
    thumbnail: z.string().max(64).nullish(),
    link: httpsUrl.nullish(),
    altText: optionalText(500),
    note: optionalText(500),
    dominantColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Must be a hex colour such as #1a2b3c')
      .nullish(),
    isAiGenerated: flag,
  })
  .strict();
