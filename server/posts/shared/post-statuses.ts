// Browser-safe (see docs/decisions/011): the dashboard's filters and the table definitions share these lists.

/** A post's lifecycle, as the API reports it in `status`. */
export const POST_STATUSES = ['DRAFT', 'SCHEDULED', 'PROCESSING', 'POSTED', 'ERROR', 'RETRYING', 'DELETED'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** One platform's outcome within a post. */
export const TARGET_STATUSES = ['PENDING', 'PUBLISHING', 'POSTED', 'ERROR', 'RETRYING'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];
