import { z } from '@hono/zod-openapi';
import { fail, flag, optionalText, uploadIds } from './shared';

export const TiktokOptions = z
  .object({
    type: z.enum(['VIDEO', 'IMAGE']).default('VIDEO'),
    text: optionalText(2200),
    uploadIds: uploadIds(35),
    thumbnail: z.string().max(64).nullish(),
    privacy: z.enum(['SELF_ONLY', 'PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR']).nullish(),
    photoCoverIndex: z.number().int().min(0).nullish(),
    isBrandContent: flag,
    isOrganicBrandContent: flag,
    disableComments: flag,
    disableDuet: flag,
    disableStitch: flag,
    thumbnailOffset: z.number().min(0).nullish(),
    isAiGenerated: flag,
    autoAddMusic: flag,
    autoScale: flag,
    uploadToDraft: flag,
    musicSoundInfo: z
      .object({
        musicSoundId: z.string().min(1),
        musicSoundVolume: z.number().int().min(0).max(100).nullish(),
        musicSoundStart: z.number().int().min(0).nullish(),
        musicSoundEnd: z.number().int().min(0).nullish(),
        videoOriginalSoundVolume: z.number().int().min(0).max(100).nullish(),
      })
      .strict()
      .nullish(),
  })
  .strict()
  .superRefine((data, ctx) => {
    const count = data.uploadIds?.length ?? 0;
    if (data.type === 'VIDEO' && count !== 1) fail(ctx, ['uploadIds'], 'A TikTok video post takes exactly one video');
    if (data.type === 'IMAGE' && count === 0) fail(ctx, ['uploadIds'], 'A TikTok photo post needs 1 to 35 images');
    if (data.type === 'IMAGE' && data.thumbnail) fail(ctx, ['thumbnail'], 'A thumbnail is not allowed on an IMAGE post: use photoCoverIndex');
    if (data.type === 'IMAGE' && data.photoCoverIndex != null && data.photoCoverIndex >= count && count > 0) {
      fail(ctx, ['photoCoverIndex'], 'photoCoverIndex must point at one of the images');
    }
    // TikTok refuses branded content that only the creator can see.
    if (data.isBrandContent && data.privacy === 'SELF_ONLY') fail(ctx, ['privacy'], 'Branded content cannot be private (SELF_ONLY)');
    const music = data.musicSoundInfo;
    if (music?.musicSoundStart != null && music.musicSoundEnd != null && music.musicSoundEnd <= music.musicSoundStart) {
      fail(ctx, ['musicSoundInfo', 'musicSoundEnd'], 'musicSoundEnd must be after musicSoundStart');
    }
  });
