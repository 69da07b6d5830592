import { createRoute, type z } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import type { SocialAccountType } from '../platforms/platform-types';
import {
  DeleteCommentBody,
  DeletePostBody,
  EditCommentResultSchema,
  editCommentBody,
  EditFacebookPostBody,
  EditMastodonStatusBody,
  EditPinterestPinBody,
  EditPostResultSchema,
  EditTextPostBody,
  EditYoutubeVideoBody,
  SuccessSchema,
} from './platform-actions.schemas';

const tags = ['Platform actions'];

/** One published-content path of the outline: which platform, which operations, their ids. */
type ItemPath = {
  platform: SocialAccountType;
  path: string;
  what: string;
  edit?: { operationId: string; body: z.ZodTypeAny };
  remove?: { operationId: string };
};

export const POST_PATHS: ItemPath[] = [
  {
    platform: 'YOUTUBE',
    path: '/misc/youtube/video',
    what: 'YouTube video',
    edit: { operationId: 'miscYoutubeEditVideo', body: EditYoutubeVideoBody },
    remove: { operationId: 'miscYoutubeDeleteVideo' },
  },
  {
    platform: 'LINKEDIN',
    path: '/misc/linkedin/post',
    what: 'LinkedIn post',
    edit: { operationId: 'miscLinkedinEditPost', body: EditTextPostBody },
    remove: { operationId: 'miscLinkedinDeletePost' },
  },
  {
    platform: 'FACEBOOK',
    path: '/misc/facebook/post',
    what: 'Facebook post',
    edit: { operationId: 'miscFacebookEditPost', body: EditFacebookPostBody },
    remove: { operationId: 'miscFacebookDeletePost' },
  },
  {
    platform: 'PINTEREST',
    path: '/misc/pinterest/pin',
    what: 'Pinterest pin',
    edit: { operationId: 'miscPinterestEditPin', body: EditPinterestPinBody },
    remove: { operationId: 'miscPinterestDeletePin' },
  },
  {
    platform: 'MASTODON',
    path: '/misc/mastodon/status',
    what: 'Mastodon status',
    edit: { operationId: 'miscMastodonEditStatus', body: EditMastodonStatusBody },
    remove: { operationId: 'miscMastodonDeleteStatus' },
  },
  {
    platform: 'SLACK',
    path: '/misc/slack/message',
    what: 'Slack message',
    edit: { operationId: 'miscSlackEditMessage', body: EditTextPostBody },
    remove: { operationId: 'miscSlackDeleteMessage' },
  },
  { platform: 'BLUESKY', path: '/misc/bluesky/post', what: 'Bluesky post', remove: { operationId: 'miscBlueskyDeletePost' } },
  { platform: 'TWITTER', path: '/misc/twitter/tweet', what: 'X post', remove: { operationId: 'miscTwitterDeleteTweet' } },
  { platform: 'DISCORD', path: '/misc/discord/message', what: 'Discord message', remove: { operationId: 'miscDiscordDeleteMessage' } },
  { platform: 'GOOGLE_BUSINESS', path: '/misc/google-business/post', what: 'Google Business post', remove: { operationId: 'miscGoogleBusinessDeletePost' } },
  {
    platform: 'REDDIT',
    path: '/misc/reddit/post',
    what: 'Reddit post',
    edit: { operationId: 'miscRedditEditPost', body: EditTextPostBody },
    remove: { operationId: 'miscRedditDeletePost' },
  },
];

export const COMMENT_PATHS: ItemPath[] = [
  {
    platform: 'YOUTUBE',
    path: '/misc/youtube/comment',
    what: 'YouTube comment',
    edit: { operationId: 'miscYoutubeEditComment', body: editCommentBody('MiscEditYoutubeComment', 10_000) },
    remove: { operationId: 'miscYoutubeDeleteComment' },
  },
  {
    platform: 'LINKEDIN',
    path: '/misc/linkedin/comment',
    what: 'LinkedIn comment',
    edit: { operationId: 'miscLinkedinEditComment', body: editCommentBody('MiscEditLinkedinComment', 1250) },
    remove: { operationId: 'miscLinkedinDeleteComment' },
  },
  {
    platform: 'FACEBOOK',
    path: '/misc/facebook/comment',
    what: 'Facebook comment',
    edit: { operationId: 'miscFacebookEditComment', body: editCommentBody('MiscEditFacebookComment', 8000) },
    remove: { operationId: 'miscFacebookDeleteComment' },
  },
  { platform: 'INSTAGRAM', path: '/misc/instagram/comment', what: 'Instagram comment', remove: { operationId: 'miscInstagramDeleteComment' } },
  {
    platform: 'MASTODON',
    path: '/misc/mastodon/comment',
    what: 'Mastodon comment',
    edit: { operationId: 'miscMastodonEditComment', body: editCommentBody('MiscEditMastodonComment', 500, true) },
    remove: { operationId: 'miscMastodonDeleteComment' },
  },
  { platform: 'BLUESKY', path: '/misc/bluesky/comment', what: 'Bluesky comment', remove: { operationId: 'miscBlueskyDeleteComment' } },
  { platform: 'TIKTOK', path: '/misc/tiktok/comment', what: 'TikTok comment', remove: { operationId: 'miscTiktokDeleteComment' } },
  {
    platform: 'REDDIT',
    path: '/misc/reddit/comment',
    what: 'Reddit comment',
    edit: { operationId: 'miscRedditEditComment', body: editCommentBody('MiscEditRedditComment', 10_000) },
    remove: { operationId: 'miscRedditDeleteComment' },
  },
];

export function editRoute(item: ItemPath, kind: 'post' | 'comment') {
  const summary =
    item.platform === 'PINTEREST'
      ? 'Edit a Pinterest pin: disabled, Pinterest refuses edits of published pins through the API (answers 400)'
      : item.platform === 'REDDIT' && kind === 'post'
        ? 'Edit the text of a published Reddit text post (link and media posts cannot be edited)'
        : `Edit a published ${item.what}`;
  return createRoute({
    method: 'patch',
    path: item.path,
    operationId: item.edit!.operationId,
    summary,
    tags,
    security: apiKeySecurity,
    request: { body: jsonBody(item.edit!.body) },
    responses: { 200: jsonResponse(kind === 'post' ? EditPostResultSchema : EditCommentResultSchema, 'Edited on the platform'), ...errorResponses(404) },
  });
}

export function deleteRoute(item: ItemPath, kind: 'post' | 'comment') {
  return createRoute({
    method: 'delete',
    path: item.path,
    operationId: item.remove!.operationId,
    summary: `Delete a published ${item.what}`,
    tags,
    security: apiKeySecurity,
    request: { body: jsonBody(kind === 'post' ? DeletePostBody : DeleteCommentBody) },
    responses: { 200: jsonResponse(SuccessSchema, 'Deleted on the platform'), ...errorResponses(404) },
  });
}
