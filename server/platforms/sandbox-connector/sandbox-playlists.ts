import { and, asc, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxItems } from '../../db/schema/sandbox';
import { sandboxYoutubePlaylistItems, sandboxYoutubePlaylists } from '../../db/schema/sandbox-youtube';
import type { ActingAccount } from '../actions';
import type { ConnectorEnv, Credentials } from '../connector';
import type { PlatformDefinition } from '../platform-definition';
import { base62 } from '../platform-definition';
import { PlatformError } from '../platform-error';
import type { Playlist, PlaylistItem, PlaylistsCapability } from '../playlists';
import type { SandboxAccess } from './sandbox-publishing';
import { listChannelsOf } from './world';

type PlaylistRow = typeof sandboxYoutubePlaylists.$inferSelect;

/**
 * YouTube playlists and custom thumbnails in the sandbox world (decision 091), persisted like the
 * rest of it: a channel's playlists and their videos, by position, as the Data API keeps them.
 */
export function sandboxPlaylists(definition: PlatformDefinition, access: SandboxAccess): PlaylistsCapability | null {
  if (definition.type !== 'YOUTUBE') return null;
  const refuse = (code: 'NOT_FOUND' | 'INVALID_REQUEST', message: string, operation: string) =>
    new PlatformError({ code, message, httpStatus: code === 'NOT_FOUND' ? 404 : 400, meta: { platform: 'YOUTUBE', operation } });

  /** The channel the account acts as: the selected one, else the profile's first. */
  async function channelOf(env: ConnectorEnv, credentials: Credentials, account: ActingAccount, operation: string) {
    const { grant, profile } = await access.authorize(env, credentials, operation);
    access.requirePermission(grant, 'publish', operation);
    const channels = await listChannelsOf(env.db, profile.id);
    const channel = account.selectedChannelId ? channels.find((candidate) => candidate.externalId === account.selectedChannelId) : channels[0];
    if (!channel) throw refuse('NOT_FOUND', 'Select a YouTube channel for this account first', operation);
    return { profile, channel };
  }

  async function playlistOf(db: Executor, profileId: string, channelId: string, playlistId: string, operation: string): Promise<PlaylistRow> {
    const [row] = await db
      .select()
      .from(sandboxYoutubePlaylists)
      .where(
        and(
          eq(sandboxYoutubePlaylists.profileId, profileId),
          eq(sandboxYoutubePlaylists.channelExternalId, channelId),
          eq(sandboxYoutubePlaylists.externalId, playlistId),
          isNull(sandboxYoutubePlaylists.deletedAt),
        ),
      );
    if (!row) throw refuse('NOT_FOUND', `The playlist ${playlistId} cannot be found`, operation);
    return row;
  }

  async function asPlaylist(db: Executor, row: PlaylistRow, channelTitle: string): Promise<Playlist> {
    const [counted] = await db.select({ n: count() }).from(sandboxYoutubePlaylistItems).where(eq(sandboxYoutubePlaylistItems.playlistId, row.id));
    return {
      id: row.externalId,
      channelId: row.channelExternalId,
      channelTitle,
      title: row.title,
      description: row.description,
      privacyStatus: row.privacyStatus,
      itemCount: counted?.n ?? 0,
      publishedAt: row.createdAt,
    };
  }

  async function asItem(
    db: Executor,
    profileId: string,
    playlist: PlaylistRow,
    row: typeof sandboxYoutubePlaylistItems.$inferSelect,
    channelTitle: string,
  ): Promise<PlaylistItem> {
    const [video] = await db
      .select()
      .from(sandboxItems)
      .where(and(eq(sandboxItems.profileId, profileId), eq(sandboxItems.kind, 'POST'), eq(sandboxItems.externalId, row.videoExternalId)));
    return {
      id: row.externalId,
      playlistId: playlist.externalId,
      channelId: playlist.channelExternalId,
      channelTitle,
      videoId: row.videoExternalId,
      title: typeof video?.metadata.title === 'string' ? video.metadata.title : (video?.text ?? ''),
      description: typeof video?.metadata.description === 'string' ? video.metadata.description : '',
      position: row.position,
      publishedAt: row.createdAt,
      videoPublishedAt: video?.createdAt ?? null,
    };
  }

  const page = (pageToken: string | undefined) => Math.max(0, Number(/^p(\d+)$/.exec(pageToken ?? '')?.[1] ?? 0));

  return {
    async list(env, credentials, account, input) {
      const { profile, channel } = await channelOf(env, credentials, account, 'playlists.list');
      const where = and(
        eq(sandboxYoutubePlaylists.profileId, profile.id),
        eq(sandboxYoutubePlaylists.channelExternalId, channel.externalId),
        isNull(sandboxYoutubePlaylists.deletedAt),
      );
      const offset = page(input.pageToken);
      const rows = await env.db
        .select()
        .from(sandboxYoutubePlaylists)
        .where(where)
        .orderBy(desc(sandboxYoutubePlaylists.createdAt), desc(sandboxYoutubePlaylists.id))
        .limit(input.maxResults)
        .offset(offset);
      const [total] = await env.db.select({ n: count() }).from(sandboxYoutubePlaylists).where(where);
      const items = await Promise.all(rows.map((row) => asPlaylist(env.db, row, channel.name)));
      const n = total?.n ?? 0;
      return { items, total: n, nextPageToken: offset + rows.length < n ? `p${offset + rows.length}` : null };
    },
    async create(env, credentials, account, input) {
      const { profile, channel } = await channelOf(env, credentials, account, 'playlists.create');
      const [row] = await env.db
        .insert(sandboxYoutubePlaylists)
        .values({
          profileId: profile.id,
          channelExternalId: channel.externalId,
          externalId: `PL${base62(32)}`,
          title: input.title,
          description: input.description,
          privacyStatus: input.privacyStatus ?? 'public',
        })
        .returning();
      return asPlaylist(env.db, row!, channel.name);
    },
    async update(env, credentials, account, input) {
      const { profile, channel } = await channelOf(env, credentials, account, 'playlists.update');
      const row = await playlistOf(env.db, profile.id, channel.externalId, input.playlistId, 'playlists.update');
      const [updated] = await env.db
        .update(sandboxYoutubePlaylists)
        .set({ title: input.title, description: input.description, ...(input.privacyStatus ? { privacyStatus: input.privacyStatus } : {}) })
        .where(eq(sandboxYoutubePlaylists.id, row.id))
        .returning();
      return asPlaylist(env.db, updated!, channel.name);
    },
    async remove(env, credentials, account, input) {
      const { profile, channel } = await channelOf(env, credentials, account, 'playlists.remove');
      const row = await playlistOf(env.db, profile.id, channel.externalId, input.playlistId, 'playlists.remove');
      const gone = await env.db
        .update(sandboxYoutubePlaylists)
        .set({ deletedAt: new Date() })
        .where(and(eq(sandboxYoutubePlaylists.id, row.id), isNull(sandboxYoutubePlaylists.deletedAt)))
        .returning({ id: sandboxYoutubePlaylists.id });
      if (gone.length === 0) throw refuse('NOT_FOUND', `The playlist ${input.playlistId} cannot be found`, 'playlists.remove');
    },
    async listItems(env, credentials, account, input) {
      const { profile, channel } = await channelOf(env, credentials, account, 'playlists.listItems');
      const playlist = await playlistOf(env.db, profile.id, channel.externalId, input.playlistId, 'playlists.listItems');
      const offset = page(input.pageToken);
      const where = eq(sandboxYoutubePlaylistItems.playlistId, playlist.id);
      const rows = await env.db
        .select()
        .from(sandboxYoutubePlaylistItems)
        .where(where)
        .orderBy(asc(sandboxYoutubePlaylistItems.position), asc(sandboxYoutubePlaylistItems.createdAt))
        .limit(input.maxResults)
        .offset(offset);
      const [total] = await env.db.select({ n: count() }).from(sandboxYoutubePlaylistItems).where(where);
      const items = await Promise.all(rows.map((row) => asItem(env.db, profile.id, playlist, row, channel.name)));
      const n = total?.n ?? 0;
      return { items, total: n, nextPageToken: offset + rows.length < n ? `p${offset + rows.length}` : null };
    },
    async addItem(env, credentials, account, input) {
      const { profile, channel } = await channelOf(env, credentials, account, 'playlists.addItem');
      const playlist = await playlistOf(env.db, profile.id, channel.externalId, input.playlistId, 'playlists.addItem');
      const [video] = await env.db
        .select({ id: sandboxItems.id })
        .from(sandboxItems)
        .where(
          and(
            eq(sandboxItems.profileId, profile.id),
            eq(sandboxItems.kind, 'POST'),
            eq(sandboxItems.externalId, input.videoId),
            isNull(sandboxItems.deletedAt),
          ),
        );
      if (!video) throw refuse('NOT_FOUND', `The video ${input.videoId} cannot be found`, 'playlists.addItem');
      const row = await env.db.transaction(async (tx) => {
        // One writer per playlist at a time: positions stay a sequence.
        await tx.execute(sql`select id from ${sandboxYoutubePlaylists} where ${sandboxYoutubePlaylists.id} = ${playlist.id} for update`);
        const [size] = await tx.select({ n: count() }).from(sandboxYoutubePlaylistItems).where(eq(sandboxYoutubePlaylistItems.playlistId, playlist.id));
        const position = Math.min(input.position ?? Infinity, size?.n ?? 0);
        await tx
          .update(sandboxYoutubePlaylistItems)
          .set({ position: sql`${sandboxYoutubePlaylistItems.position} + 1` })
          .where(and(eq(sandboxYoutubePlaylistItems.playlistId, playlist.id), gte(sandboxYoutubePlaylistItems.position, position)));
        const [inserted] = await tx
          .insert(sandboxYoutubePlaylistItems)
          .values({ playlistId: playlist.id, externalId: `${playlist.externalId.slice(2, 12)}${base62(22)}`, videoExternalId: input.videoId, position })
          .returning();
        return inserted!;
      });
      return asItem(env.db, profile.id, playlist, row, channel.name);
    },
    async removeItem(env, credentials, account, input) {
      const { profile, channel } = await channelOf(env, credentials, account, 'playlists.removeItem');
      const [found] = await env.db
        .select({ item: sandboxYoutubePlaylistItems })
        .from(sandboxYoutubePlaylistItems)
        .innerJoin(sandboxYoutubePlaylists, eq(sandboxYoutubePlaylists.id, sandboxYoutubePlaylistItems.playlistId))
        .where(
          and(
            eq(sandboxYoutubePlaylistItems.externalId, input.playlistItemId),
            eq(sandboxYoutubePlaylists.profileId, profile.id),
            eq(sandboxYoutubePlaylists.channelExternalId, channel.externalId),
            isNull(sandboxYoutubePlaylists.deletedAt),
          ),
        );
      if (!found) throw refuse('NOT_FOUND', `The playlist item ${input.playlistItemId} cannot be found`, 'playlists.removeItem');
      await env.db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${sandboxYoutubePlaylists} where ${sandboxYoutubePlaylists.id} = ${found.item.playlistId} for update`);
        const gone = await tx
          .delete(sandboxYoutubePlaylistItems)
          .where(eq(sandboxYoutubePlaylistItems.id, found.item.id))
          .returning({ position: sandboxYoutubePlaylistItems.position });
        if (gone.length === 0) return;
        await tx
          .update(sandboxYoutubePlaylistItems)
          .set({ position: sql`${sandboxYoutubePlaylistItems.position} - 1` })
          .where(and(eq(sandboxYoutubePlaylistItems.playlistId, found.item.playlistId), gte(sandboxYoutubePlaylistItems.position, gone[0]!.position)));
      });
    },
    async setThumbnail(env, credentials, account, input) {
      const { profile } = await channelOf(env, credentials, account, 'publishing.thumbnail');
      const [video] = await env.db
        .select()
        .from(sandboxItems)
        .where(
          and(
            eq(sandboxItems.profileId, profile.id),
            eq(sandboxItems.kind, 'POST'),
            eq(sandboxItems.externalId, input.videoId),
            isNull(sandboxItems.deletedAt),
          ),
        );
      if (!video) throw refuse('NOT_FOUND', `The video ${input.videoId} cannot be found`, 'publishing.thumbnail');
      if (!/^https?:\/\//i.test(input.url))
        throw refuse('INVALID_REQUEST', 'The thumbnail must be an http(s) URL of a JPEG or PNG image', 'publishing.thumbnail');
      await env.db
        .update(sandboxItems)
        .set({ metadata: { ...video.metadata, thumbnail: input.url } })
        .where(eq(sandboxItems.id, video.id));
      const base = `https://i.ytimg.com/vi/${video.externalId}`;
      return [
        {
          default: { url: `${base}/default.jpg`, width: 120, height: 90 },
          medium: { url: `${base}/mqdefault.jpg`, width: 320, height: 180 },
          high: { url: `${base}/hqdefault.jpg`, width: 480, height: 360 },
        },
      ];
    },
  };
}
