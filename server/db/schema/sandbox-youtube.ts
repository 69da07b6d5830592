import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { sandboxProfiles } from './sandbox';

/** A sandbox YouTube channel's playlist (decision 091), as YouTube keeps it. */
export const sandboxYoutubePlaylists = pgTable(
  'sandbox_youtube_playlists',
  {
    id: idColumn(),
    profileId: text()
      .notNull()
      .references(() => sandboxProfiles.id, { onDelete: 'cascade' }),
    /** The channel (its YouTube id) the playlist belongs to. */
    channelExternalId: text().notNull(),
    externalId: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    privacyStatus: text({ enum: ['public', 'unlisted', 'private'] })
      .notNull()
      .default('public'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sandbox_youtube_playlists_external_unique').on(table.externalId),
    index('sandbox_youtube_playlists_channel_idx').on(table.profileId, table.channelExternalId, table.createdAt),
  ],
);

/** A video in a sandbox playlist, at its position. */
export const sandboxYoutubePlaylistItems = pgTable(
  'sandbox_youtube_playlist_items',
  {
    id: idColumn(),
    playlistId: text()
      .notNull()
      .references(() => sandboxYoutubePlaylists.id, { onDelete: 'cascade' }),
    externalId: text().notNull(),
    videoExternalId: text().notNull(),
    position: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_youtube_playlist_items_external_unique').on(table.externalId),
    index('sandbox_youtube_playlist_items_playlist_idx').on(table.playlistId, table.position),
  ],
);
