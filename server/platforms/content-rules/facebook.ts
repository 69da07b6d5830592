import { z } from '@hono/zod-openapi';
import { fail, hasItems, httpsUrl, mediaItem, optionalText, uploadIds } from './shared';

export const FacebookOptions = z
  .object({
    type: z.enum(['POST', 'REEL', 'STORY']).default('POST'),
    text: optionalText(63_206),
    uploadIds: uploadIds(10),
    mediaItems: z.array(mediaItem).max(10).nullish(),
    link: httpsUrl.nullish(),
    thumbnail: z.string().max(64).nullish(),
    mediaTitle: optionalText(255),
    nativeScheduleTime: z.string().datetime({ offset: true }).nullish(),
    textFormatPresetId: z.string().max(64).nullish(),
  })
  .strict()
  .superRefine((data, ctx) => {
    const media = (data.uploadIds?.length ?? 0) + (data.mediaItems?.length ?? 0);
    if (data.type !== 'POST' && media !== 1) fail(ctx, ['uploadIds'], `A Facebook ${data.type.toLowerCase()} needs exactly one media file`);
    if (data.type === 'STORY' && data.text) fail(ctx, ['text'], 'Facebook stories have no caption');
    if (data.textFormatPresetId && (data.type !== 'POST' || media > 0 || data.link)) {
      fail(ctx, ['textFormatPresetId'], 'A background preset applies only to a text POST without media or link');
    }
    if (data.link && media > 0) fail(ctx, ['link'], 'A Facebook post has either a link preview or media, not both');
    if (hasItems(data.uploadIds) && hasItems(data.mediaItems)) fail(ctx, ['mediaItems'], 'Use either uploadIds or mediaItems, not both');
  });
