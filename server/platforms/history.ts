import type { ConnectorEnv, Credentials } from './connector';
import type { PublishTarget } from './publishing';

export type HistorySurface = 'PROFILE_GRID' | 'NON_GRID' | 'STORY' | 'ALL';
export type HistoryMediaType = 'VIDEO' | 'IMAGE';

/** One medium of a published item; carousels have several. */
export type HistoryMedia = {
  type: 'IMAGE' | 'VIDEO';
  url: string;
  thumbnail: string | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
};

/** A post as the platform lists it on the account's profile, normalized. */
export type HistoryItem = {
  externalId: string;
  permalink: string | null;
  title: string | null;
  text: string | null;
  publishedAt: Date;
  /** What the platform calls it: `SHORTS`, `VIDEO`, `REEL`, `CAROUSEL`, `IMAGE`, `STORY` or `TEXT`. */
  contentType: 'SHORTS' | 'VIDEO' | 'REEL' | 'CAROUSEL' | 'IMAGE' | 'STORY' | 'TEXT';
  isShort: boolean;
  /** Where the profile shows it: the grid/feed, off the grid (reels not shared to the feed), stories. */
  surface: Exclude<HistorySurface, 'ALL'>;
  media: HistoryMedia[];
  subreddit: string | null;
};

export type HistoryPage = { items: HistoryItem[]; nextCursor: string | null };

/**
 * Reading an account's published posts, newest first, page by page backwards in time. Filters
 * the platform does not expose answer an empty page rather than ignoring the filter.
 */
export type HistoryCapability = {
  /** Surfaces the platform can filter on; asking for another one yields no data. */
  surfaces: readonly Exclude<HistorySurface, 'ALL'>[];
  list(
    env: ConnectorEnv,
    credentials: Credentials,
    target: PublishTarget,
    request: { cursor: string | null; limit: number; surface: HistorySurface; mediaType: HistoryMediaType | null },
  ): Promise<HistoryPage>;
};
