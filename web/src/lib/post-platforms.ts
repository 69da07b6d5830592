import { PLATFORM_BRANDS } from '@server/platforms/shared/platform-brands';
import type { PostPlatform } from '@server/platforms/platform-types';
import type { PostStatus } from '@server/posts/shared/post-statuses';

export type { PostPlatform, PostStatus };

/** The platform's name as people know it ("YouTube", "X"), from the platforms' shared brand table. */
export function platformLabel(platform: string): string {
  return (PLATFORM_BRANDS as Record<string, { label: string } | undefined>)[platform]?.label ?? platform;
}

export function platformColor(platform: string): string {
  return (PLATFORM_BRANDS as Record<string, { brandColor: string } | undefined>)[platform]?.brandColor ?? '#71717a';
}

type Tone = 'neutral' | 'accent' | 'success' | 'danger' | 'warning';

/** How each post status reads in lists and the calendar: a word a manager understands and a colour. */
export const POST_STATUS_INFO: Record<PostStatus, { label: string; tone: Tone; hint: string }> = {
  DRAFT: { label: 'Draft', tone: 'neutral', hint: 'Saved, not scheduled: nothing will be published' },
  SCHEDULED: { label: 'Scheduled', tone: 'accent', hint: 'Will be published at its date' },
  PROCESSING: { label: 'Publishing', tone: 'warning', hint: 'Being published right now' },
  POSTED: { label: 'Posted', tone: 'success', hint: 'Published on every platform' },
  ERROR: { label: 'Failed', tone: 'danger', hint: 'At least one platform refused it; see why and retry' },
  RETRYING: { label: 'Retrying', tone: 'warning', hint: 'A platform failed for a passing reason; it is tried again' },
  DELETED: { label: 'Deleted', tone: 'neutral', hint: 'Deleted; never published' },
};

/** Statuses the API still lets you change (PATCH): nothing is out yet, or it failed. */
export const EDITABLE_STATUSES: readonly PostStatus[] = ['DRAFT', 'SCHEDULED', 'ERROR', 'RETRYING'];
