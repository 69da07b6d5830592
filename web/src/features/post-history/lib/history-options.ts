import type { ApiSchema } from '@/lib/api-client';

export type HistoryPlatform = ApiSchema<'PostHistoryPlatform'>;
export type HistorySurface = NonNullable<ApiSchema<'PostHistorySurface'>>;
export type HistoryMediaType = NonNullable<ApiSchema<'PostHistoryMediaType'>>;
export type HistoryImport = ApiSchema<'PostHistoryImport'>;
export type ImportedPost = ApiSchema<'ImportedPost'>;

/** Imports run in the background while in one of these. */
export const RUNNING_STATUSES: readonly HistoryImport['status'][] = ['PENDING', 'FETCHING_POSTS', 'FETCHING_ANALYTICS', 'RATE_LIMITED'];
export const isRunning = (job: HistoryImport | undefined) => !!job && RUNNING_STATUSES.includes(job.status);

/** Where on the profile an import can look: Instagram has its grid, reels off the grid and stories; Facebook its feed and stories; elsewhere one feed. */
const SURFACES: Partial<Record<HistoryPlatform, { value: HistorySurface; label: string }[]>> = {
  INSTAGRAM: [
    { value: 'ALL', label: 'Everything' },
    { value: 'PROFILE_GRID', label: 'Profile grid' },
    { value: 'NON_GRID', label: 'Reels off the grid' },
    { value: 'STORY', label: 'Stories' },
  ],
  FACEBOOK: [
    { value: 'ALL', label: 'Everything' },
    { value: 'PROFILE_GRID', label: 'Page feed' },
    { value: 'STORY', label: 'Stories' },
  ],
};
export const surfacesOf = (platform: string) => SURFACES[platform as HistoryPlatform] ?? null;

/** Platforms whose posts can hold several pictures or videos (carousels, albums). */
const CAROUSEL_PLATFORMS: readonly string[] = ['INSTAGRAM', 'FACEBOOK', 'THREADS', 'LINKEDIN', 'TIKTOK', 'BLUESKY', 'MASTODON', 'TWITTER'];
export const hasCarousels = (platform: string) => CAROUSEL_PLATFORMS.includes(platform);

export const DEFAULT_IMPORT_COUNT = 20;
export const MAX_IMPORT_COUNT = 100;
