import { z } from '@hono/zod-openapi';
import { fail, flag, optionalText } from './shared';

export const YOUTUBE_TITLE_LENGTH = 100;
const bcp47 = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Must be a BCP-47 language tag such as en or pt-BR');

export const YoutubeOptions = z
  .object({
    type: z.enum(['VIDEO', 'SHORT']).default('SHORT'),
    uploadIds: z.array(z.string().min(1).max(64)).length(1, 'YouTube takes exactly one uploaded video'),
    text: z
      .string()
      .trim()
      .min(1, 'The video title is required')
      .max(YOUTUBE_TITLE_LENGTH, `YouTube titles are limited to ${YOUTUBE_TITLE_LENGTH} characters`)
      .openapi({ description: 'The video title' }),
    description: optionalText(5000),
    thumbnail: z.string().max(64).nullish().openapi({ description: 'An image uploaded through the service' }),
    privacy: z.enum(['PRIVATE', 'PUBLIC', 'UNLISTED']).nullish(),
    defaultLanguage: bcp47.nullish(),
    defaultAudioLanguage: bcp47.nullish(),
    madeForKids: flag,
    containsSyntheticMedia: flag,
    hasPaidProductPlacement: flag,
  })
  .strict()
  .superRefine((data, ctx) => {
    // YouTube rejects angle brackets in titles and descriptions.
    if (/[<>]/.test(data.text)) fail(ctx, ['text'], 'YouTube titles cannot contain < or >');
    if (data.description && /[<>]/.test(data.description)) fail(ctx, ['description'], 'YouTube descriptions cannot contain < or >');
  });
