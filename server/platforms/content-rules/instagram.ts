import { z } from '@hono/zod-openapi';
import { fail, flag, hasItems, optionalText, uploadIds } from './shared';

export const INSTAGRAM_CAPTION_LENGTH = 2200;

const tag = z.object({ username: z.string().trim().min(1).max(30), x: z.number().min(0).max(1).optional(), y: z.number().min(0).max(1).optional() }).strict();

export const InstagramOptions = z
  .object({
    type: z.enum(['POST', 'REEL', 'STORY']).default('POST'),
    text: optionalText(INSTAGRAM_CAPTION_LENGTH),
    uploadIds: uploadIds(10),
    altText: optionalText(1000),
    thumbnailOffset: z.number().min(0).nullish(),
    thumbnail: z.string().max(64).nullish(),
    shareToFeed: flag,
    collaborators: z.array(z.string().trim().min(1).max(30)).max(3).nullish(),
    autoFitImage: flag,
    autoCropImage: flag,
    tagged: z.array(tag).max(20).nullish(),
    carouselItems: z
      .array(z.object({ uploadId: z.string().min(1).max(64), altText: z.string().max(1000).nullish(), tagged: z.array(tag).max(20).nullish() }).strict())
      .max(10)
      .nullish(),
    locationId: z.string().max(64).nullish(),
    trialParams: z
      .object({ graduationStrategy: z.enum(['MANUAL', 'SS_PERFORMANCE']) })
      .strict()
      .nullish(),
    isPaidPartnership: flag,
    brandedContentSponsors: z.array(z.string().trim().min(1).max(30)).max(2).nullish(),
    musicSoundInfo: z
      .object({
        musicSoundId: z.string().min(1),
        musicSoundVolume: z.number().int().min(0).max(100).nullish(),
        videoOriginalSoundVolume: z.number().int().min(0).max(100).nullish(),
      })
      .strict()
      .nullish(),
    isAiGenerated: flag,
  })
  .strict()
  .superRefine((data, ctx) => {
    const text = data.text ?? '';
    if ((text.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > 30) fail(ctx, ['text'], 'Instagram allows at most 30 hashtags');
    if ((text.match(/@[\w.]+/g) ?? []).length > 20) fail(ctx, ['text'], 'Instagram allows at most 20 @mentions');
    const media = (data.uploadIds?.length ?? 0) + (data.carouselItems?.length ?? 0);
    if (media === 0) fail(ctx, ['uploadIds'], 'Instagram posts need at least one image or video');
    if (hasItems(data.carouselItems)) {
      if (data.type !== 'POST') fail(ctx, ['carouselItems'], 'Only feed posts can be carousels');
      if (data.carouselItems.length < 2) fail(ctx, ['carouselItems'], 'A carousel needs 2 to 10 items');
      if (hasItems(data.uploadIds)) fail(ctx, ['carouselItems'], 'Use either uploadIds or carouselItems, not both');
    }
    if (data.type !== 'POST' && (data.uploadIds?.length ?? 0) > 1) fail(ctx, ['uploadIds'], `An Instagram ${data.type.toLowerCase()} takes one media file`);
    if (data.type === 'STORY' && (data.tagged?.length || data.collaborators?.length)) {
      fail(ctx, ['type'], 'Stories cannot tag people or have collaborators');
    }
    if (data.trialParams && data.type !== 'REEL') fail(ctx, ['trialParams'], 'Trial reels must be REEL posts');
    if (data.brandedContentSponsors?.length && !data.isPaidPartnership) {
      fail(ctx, ['brandedContentSponsors'], 'Sponsors need isPaidPartnership set');
    }
  });
