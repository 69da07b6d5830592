import { IMPORT_PLATFORMS, type ImportPlatform } from '@server/comments/shared/comment-statuses';

export type { ImportPlatform };

/** Platforms whose comments the service reads (and so can show as threads and answer). */
export function hasComments(platform: string): platform is ImportPlatform {
  return (IMPORT_PLATFORMS as readonly string[]).includes(platform);
}
