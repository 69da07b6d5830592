import { tiktokError, type TikTokApi } from './tiktok-api';

/** `creator_info/query`: what this creator may post right now (TikTok asks apps to show it before each post). */
export type CreatorInfo = {
  creator_avatar_url: string;
  creator_username: string;
  creator_nickname: string;
  /** The privacy levels this creator offers; the composer shows these and pre-selects none. */
  privacy_level_options: string[];
  comment_disabled: boolean;
  duet_disabled: boolean;
  stitch_disabled: boolean;
  max_video_post_duration_sec: number;
};

export async function queryCreatorInfo(api: TikTokApi, accessToken: string, operation = 'publishing.creatorInfo'): Promise<CreatorInfo> {
  return api.asUser<CreatorInfo>(accessToken, { operation, method: 'POST', path: '/v2/post/publish/creator_info/query/', body: {} });
}

/** The post's TikTok options the checks read (the `data.TIKTOK` schema's names). */
export type TikTokPostChoices = {
  type?: 'VIDEO' | 'IMAGE';
  privacy?: string | null;
  disableComments?: boolean | null;
  disableDuet?: boolean | null;
  disableStitch?: boolean | null;
  uploadToDraft?: boolean | null;
};

export type CreatorCheck = { field: string; message: string };

/**
 * What TikTok's UX guidelines and the creator's answer require of a direct post: a privacy level
 * the person chose (never a default) among those offered; no interaction the creator turned off;
 * a video no longer than the creator may post. Drafts (inbox uploads) carry no post settings: the
 * person sets them in TikTok. Answers the problems, empty when the post may go.
 */
export function checkAgainstCreator(info: CreatorInfo, choices: TikTokPostChoices, videoSeconds: number | null): CreatorCheck[] {
  const problems: CreatorCheck[] = [];
  const draft = choices.uploadToDraft === true;
  if (!draft) {
    if (!choices.privacy) {
      problems.push({
        field: 'privacy',
        message: `Choose who can see this TikTok post (${info.privacy_level_options.join(', ')}): TikTok requires an explicit choice`,
      });
    } else if (!info.privacy_level_options.includes(choices.privacy)) {
      problems.push({ field: 'privacy', message: `This TikTok account offers ${info.privacy_level_options.join(', ')}, not ${choices.privacy}` });
    }
  }
  if (choices.type !== 'IMAGE' && videoSeconds != null && info.max_video_post_duration_sec > 0 && videoSeconds > info.max_video_post_duration_sec) {
    problems.push({
      field: 'uploadIds',
      message: `This TikTok account may post videos of up to ${info.max_video_post_duration_sec} s; this one is ${Math.ceil(videoSeconds)} s`,
    });
  }
  return problems;
}

/** Interactions the creator turned off stay off, whatever the post asked (the switches are disabled). */
export function interactionSettings(info: CreatorInfo, choices: TikTokPostChoices) {
  return {
    disable_comment: info.comment_disabled || choices.disableComments === true,
    disable_duet: info.duet_disabled || choices.disableDuet === true,
    disable_stitch: info.stitch_disabled || choices.disableStitch === true,
  };
}

export function creatorRefusal(problems: CreatorCheck[], operation: string) {
  const text = problems.map((problem) => problem.message).join('; ');
  return tiktokError('INVALID_REQUEST', operation, text, text);
}
