// Browser-safe (see docs/decisions/011): the dashboard and the table definitions share these lists.

/** A scheduled comment's lifecycle, as the API reports it in `status`. */
export const COMMENT_STATUSES = ['DRAFT', 'SCHEDULED', 'PROCESSING', 'POSTED', 'ERROR', 'RETRYING', 'DELETED'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** A comment import run. */
export const IMPORT_STATUSES = ['PENDING', 'FETCHING', 'RETRYING', 'COMPLETED', 'SKIPPED', 'FAILED', 'RATE_LIMITED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Platforms a comment can be published on through `POST /comment`. */
export const COMMENT_PLATFORMS = [
  'FACEBOOK',
  'INSTAGRAM',
  'LINKEDIN',
  'YOUTUBE',
  'TIKTOK',
  'REDDIT',
  'THREADS',
  'MASTODON',
  'DISCORD',
  'SLACK',
  'BLUESKY',
] as const;
export type CommentPlatform = (typeof COMMENT_PLATFORMS)[number];

/** Platforms whose comments can be imported (fetched). */
export const IMPORT_PLATFORMS = ['FACEBOOK', 'INSTAGRAM', 'LINKEDIN', 'YOUTUBE', 'TIKTOK', 'REDDIT', 'THREADS', 'MASTODON', 'BLUESKY'] as const;
export type ImportPlatform = (typeof IMPORT_PLATFORMS)[number];

export const COMMENT_ACTIONS = ['DELETE', 'HIDE', 'UNHIDE', 'LIKE', 'UNLIKE', 'APPROVE', 'REJECT'] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];
