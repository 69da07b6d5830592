import type { ActingAccount } from './actions';
import type { ConnectorEnv, Credentials } from './connector';

/*
 * YouTube's playlists and custom thumbnails (the outline's `/misc/youtube/playlist*` and
 * `/misc/youtube/thumbnail`, issue 27): the same members on sandbox and live accounts.
 */

export type PlaylistPrivacy = 'public' | 'unlisted' | 'private';

export type Playlist = {
  id: string;
  channelId: string;
  channelTitle: string | null;
  title: string;
  description: string;
  privacyStatus: PlaylistPrivacy;
  itemCount: number;
  publishedAt: Date;
};

export type PlaylistItem = {
  id: string;
  playlistId: string;
  channelId: string;
  channelTitle: string | null;
  videoId: string;
  title: string;
  description: string;
  position: number;
  publishedAt: Date;
  videoPublishedAt: Date | null;
};

export type PlaylistPage<T> = { items: T[]; total: number; nextPageToken: string | null };

/** A thumbnail size as YouTube lists them (`default`, `medium`, `high`...). */
export type ThumbnailSizes = Record<string, { url: string; width?: number; height?: number }>;

type Call<I, O> = (env: ConnectorEnv, credentials: Credentials, account: ActingAccount, input: I) => Promise<O>;

export type PlaylistsCapability = {
  list: Call<{ maxResults: number; pageToken?: string }, PlaylistPage<Playlist>>;
  create: Call<{ title: string; description: string; privacyStatus?: PlaylistPrivacy }, Playlist>;
  update: Call<{ playlistId: string; title: string; description: string; privacyStatus?: PlaylistPrivacy }, Playlist>;
  remove: Call<{ playlistId: string }, void>;
  listItems: Call<{ playlistId: string; maxResults: number; pageToken?: string }, PlaylistPage<PlaylistItem>>;
  addItem: Call<{ playlistId: string; videoId: string; position?: number }, PlaylistItem>;
  removeItem: Call<{ playlistItemId: string }, void>;
  /** Sets a published video's custom thumbnail from an image URL (JPEG or PNG, at most 2 MB). */
  setThumbnail: Call<{ videoId: string; url: string }, ThumbnailSizes[]>;
};
