import { z } from '@hono/zod-openapi';
import { fail, flag, hasItems, httpsUrl, mediaItem, optionalText, uploadIds } from './shared';

export const ThreadsOptions = z
  .object({
    text: optionalText(500),
    uploadIds: uploadIds(20),
    mediaItems: z.array(mediaItem).max(20).nullish(),
    topicTag: z
      .string()
      .min(1)
      .max(50)
      .regex(/^[^.&]+$/, 'A topic tag cannot contain periods or ampersands')
      .nullish(),
    replyControl: z.enum(['everyone', 'accounts_you_follow', 'mentioned_only', 'parent_post_author_only', 'followers_only']).nullish(),
    linkAttachment: httpsUrl.nullish(),
    poll: z
      .object({
        optionA: z.string().min(1).max(25),
        optionB: z.string().min(1).max(25),
        optionC: z.string().min(1).max(25).nullish(),
        optionD: z.string().min(1).max(25).nullish(),
      })
      .strict()
      .nullish(),
    gif: z
      .object({ gifId: z.string().min(1), provider: z.enum(['TENOR', 'GIPHY']) })
      .strict()
      .nullish(),
    allowlistedCountryCodes: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code'))
      .max(250)
      .nullish(),
    crosspostToInstagramStory: flag,
    crosspostToInstagramStoryDarkMode: flag,
  })
  .strict()
  .superRefine((data, ctx) => {
    const media = hasItems(data.uploadIds) || hasItems(data.mediaItems);
    if (!data.text && !media) fail(ctx, ['text'], 'A Threads post needs text or media');
    if (data.poll && (media || data.linkAttachment || data.gif)) fail(ctx, ['poll'], 'A poll cannot be combined with media, a link or a GIF');
    if (data.poll?.optionD && !data.poll.optionC) fail(ctx, ['poll', 'optionD'], 'Fill option C before option D');
    if (data.linkAttachment && media) fail(ctx, ['linkAttachment'], 'A link attachment cannot be combined with media');
    if (data.gif && media) fail(ctx, ['gif'], 'A GIF cannot be combined with media');
    if (hasItems(data.uploadIds) && hasItems(data.mediaItems)) fail(ctx, ['mediaItems'], 'Use either uploadIds or mediaItems, not both');
  });
