import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { sandboxChannels, sandboxItems } from '../../db/schema/sandbox';
import type { ConnectorEnv } from '../connector';
import type { HistoryCapability, HistoryItem, HistoryMedia } from '../history';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import type { PostPlatform } from '../platform-types';
import type { PublishTarget } from '../publishing';
import type { SandboxAccess } from './sandbox-publishing';
import type { SandboxItem } from './world';

/**
 * Surfaces each platform lets an API filter on. Instagram separates the profile grid, reels kept
 * off the grid and stories; Facebook pages the feed and stories; elsewhere a profile is one feed
 * (the grid), so `NON_GRID` and `STORY` find nothing there.
 */
export const HISTORY_SURFACES_BY_PLATFORM: Partial<Record<PostPlatform, HistoryCapability['surfaces']>> = {
  INSTAGRAM: ['PROFILE_GRID', 'NON_GRID', 'STORY'],
  FACEBOOK: ['PROFILE_GRID', 'STORY'],
};

/** The formats the sandbox keeps for an item (`metadata.format`); published through the service: from its media. */
export type SandboxFormat = 'TEXT' | 'IMAGE' | 'VIDEO' | 'CAROUSEL' | 'SHORT' | 'STORY';

const VIDEO_PLATFORMS: PostPlatform[] = ['YOUTUBE', 'TIKTOK'];

function mediaOf(item: SandboxItem): HistoryMedia[] {
  const media = Array.isArray(item.metadata.media) ? (item.metadata.media as Record<string, unknown>[]) : [];
  return media.map((medium) => ({
    type: medium.type === 'VIDEO' || medium.type === 'video' ? 'VIDEO' : 'IMAGE',
    url: String(medium.url ?? ''),
    thumbnail: typeof medium.thumbnail === 'string' ? medium.thumbnail : typeof medium.url === 'string' && medium.type !== 'VIDEO' ? medium.url : null,
    width: typeof medium.width === 'number' ? medium.width : null,
    height: typeof medium.height === 'number' ? medium.height : null,
    durationSeconds: typeof medium.durationSeconds === 'number' ? medium.durationSeconds : null,
  }));
}

export function formatOf(item: SandboxItem): SandboxFormat {
  const stored = item.metadata.format;
  if (typeof stored === 'string') return stored as SandboxFormat;
  const media = mediaOf(item);
  if (media.length > 1) return 'CAROUSEL';
  if (media.length === 1) return media[0]!.type;
  return 'TEXT';
}

/** The item as the platform's listing presents it. */
function present(platform: PostPlatform, item: SandboxItem): HistoryItem {
  const format = formatOf(item);
  const media = mediaOf(item);
  const isShort = platform === 'YOUTUBE' && (format === 'SHORT' || item.metadata.isShort === true);
  const contentType: HistoryItem['contentType'] = isShort
    ? 'SHORTS'
    : format === 'SHORT'
      ? platform === 'INSTAGRAM' || platform === 'FACEBOOK'
        ? 'REEL'
        : 'VIDEO'
      : format === 'VIDEO' && (platform === 'INSTAGRAM' || platform === 'FACEBOOK')
        ? 'REEL'
        : format;
  const surface = format === 'STORY' ? 'STORY' : item.metadata.offGrid === true ? 'NON_GRID' : 'PROFILE_GRID';
  const title = typeof item.metadata.title === 'string' ? item.metadata.title : null;
  return {
    externalId: item.externalId,
    permalink: isShort ? `https://www.youtube.com/shorts/${item.externalId}` : item.permalink,
    title,
    text: typeof item.metadata.body === 'string' && item.metadata.body ? item.metadata.body : item.text,
    publishedAt: item.createdAt,
    contentType: VIDEO_PLATFORMS.includes(platform) && contentType === 'TEXT' ? 'VIDEO' : contentType,
    isShort,
    surface,
    media,
    subreddit: typeof item.metadata.subreddit === 'string' ? item.metadata.subreddit : null,
  };
}

const encodeCursor = (item: SandboxItem) => Buffer.from(`${item.createdAt.toISOString()}|${item.id}`).toString('base64url');

function decodeCursor(cursor: string, operation: string, platform: PostPlatform) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime())) {
    throw new PlatformError({ code: 'INVALID_REQUEST', message: `Invalid ${platform} paging cursor`, httpStatus: 400, meta: { platform, operation } });
  }
  return { date, id };
}

/** The account's own posts on a sandbox platform, newest first, one page at a time (owner-published and published through the service). */
export function sandboxHistory(definition: PlatformDefinition, access: SandboxAccess): HistoryCapability | null {
  const platform = definition.type;
  if (!definition.supports.historyImport) return null;
  const surfaces = HISTORY_SURFACES_BY_PLATFORM[platform] ?? ['PROFILE_GRID'];

  async function channelIdOf(env: ConnectorEnv, profileId: string, target: PublishTarget) {
    if (!target.selectedChannelId) return null;
    const [channel] = await env.db
      .select({ id: sandboxChannels.id })
      .from(sandboxChannels)
      .where(and(eq(sandboxChannels.profileId, profileId), eq(sandboxChannels.externalId, target.selectedChannelId)));
    return channel?.id ?? null;
  }

  return {
    surfaces,
    async list(env, credentials, target, request) {
      const operation = 'history.list';
      const { grant, profile } = await access.authorize(env, credentials, operation);
      access.requirePermission(grant, 'profile', operation);
      if (request.surface !== 'ALL' && !surfaces.includes(request.surface)) return { items: [], nextCursor: null };
      const channelId = await channelIdOf(env, profile.id, target);
      const after = request.cursor ? decodeCursor(request.cursor, operation, platform) : null;
      const rows = await env.db
        .select()
        .from(sandboxItems)
        .where(
          and(
            eq(sandboxItems.profileId, profile.id),
            eq(sandboxItems.kind, 'POST'),
            isNull(sandboxItems.deletedAt),
            channelId ? eq(sandboxItems.channelId, channelId) : undefined,
            after ? or(lt(sandboxItems.createdAt, after.date), and(eq(sandboxItems.createdAt, after.date), lt(sandboxItems.id, after.id))) : undefined,
          ),
        )
        .orderBy(desc(sandboxItems.createdAt), desc(sandboxItems.id))
        .limit(request.limit);
      const items = rows
        .map((row) => present(platform, row))
        .filter((item) => request.surface === 'ALL' || item.surface === request.surface)
        .filter((item) => !request.mediaType || (item.media[0]?.type ?? null) === request.mediaType);
      return { items, nextCursor: rows.length === request.limit ? encodeCursor(rows.at(-1)!) : null };
    },
  };
}
