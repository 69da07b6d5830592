import { z } from '@hono/zod-openapi';
import { fail, flag, optionalText, uploadIds } from './shared';

export const SAVED_STORY_TITLE_LENGTH = 45;
export const SAVED_STORY_SNAPS = 20;

export const SnapchatOptions = z
  .object({
    type: z.enum(['STORY', 'SAVED_STORY']).default('STORY'),
    uploadIds: uploadIds(SAVED_STORY_SNAPS),
    text: optionalText(SAVED_STORY_TITLE_LENGTH).openapi({ description: 'Saved story title (45 characters)' }),
    description: optionalText(160),
    locale: z.string().max(35).nullish(),
    skipSaveToProfile: flag,
    storyDuration: z.enum(['ONE_DAY', 'TWO_DAYS', 'THREE_DAYS', 'ONE_WEEK']).nullish(),
  })
  .strict()
  .superRefine((data, ctx) => {
    const count = data.uploadIds?.length ?? 0;
    if (count === 0) fail(ctx, ['uploadIds'], 'A Snapchat story needs at least one image or video');
    if (data.type === 'STORY' && count > 1) fail(ctx, ['uploadIds'], 'A STORY takes one snap; use SAVED_STORY for up to 20');
    if (data.type === 'SAVED_STORY' && !data.text) fail(ctx, ['text'], 'A saved story needs a title (up to 45 characters)');
  });
