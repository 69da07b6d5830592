import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { sandboxChannels, sandboxItems } from '../../db/schema/sandbox';
import { normalizeAccount, normalizePost, type AnalyticsCapability } from '../analytics';
import type { ConnectorEnv } from '../connector';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import type { PublishTarget } from '../publishing';
import type { SandboxAccess } from './sandbox-publishing';

type Item = typeof sandboxItems.$inferSelect;
type Profile = Awaited<ReturnType<SandboxAccess['authorize']>>['profile'];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A stable number in [0, 1) from an id: each sandbox item and profile has its own, repeatable, audience. */
export function seedOf(id: string): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0) / 2 ** 32;
}

/** Followers of a profile: a base audience growing a little every day since the profile appeared. */
export function followersAt(profile: Pick<Profile, 'id' | 'createdAt'>, now: number): { followers: number; following: number } {
  const seed = seedOf(profile.id);
  const base = 120 + Math.floor(seed * 4_800);
  const days = Math.max(0, now - profile.createdAt.getTime()) / DAY_MS;
  const perDay = base * (0.004 + seed * 0.01);
  return { followers: base + Math.floor(perDay * days), following: 40 + Math.floor(seed * 400) };
}

/**
 * A post's reach over its life: most of it in the first day (a saturating curve whose pace and
 * ceiling come from the item's seed and the audience), and a slow long tail after that. Real
 * engagement the sandbox holds (comments under the post, likes people gave) is added on top.
 */
export function postCurve(item: Pick<Item, 'id' | 'createdAt'>, audience: number, now: number) {
  const seed = seedOf(item.id);
  const ageHours = Math.max(0, now - item.createdAt.getTime()) / HOUR_MS;
  const pace = 3 + seed * 15; // hours to reach ~63% of the first-day ceiling
  const ceiling = audience * (0.4 + seed * 1.6);
  const reached = ceiling * (1 - Math.exp(-(ageHours + 0.05) / pace)) + ceiling * 0.02 * Math.log1p(ageHours / 24);
  const impressions = Math.floor(reached);
  const reach = Math.floor(reached * (0.6 + seed * 0.2));
  const views = Math.floor(reached * (0.3 + seed * 0.4));
  return {
    impressions,
    reach,
    views,
    uniqueViews: Math.floor(views * 0.8),
    likes: Math.floor(reach * (0.02 + seed * 0.05)),
    shares: Math.floor(reach * (0.002 + seed * 0.008)),
    saves: Math.floor(reach * (0.003 + seed * 0.01)),
    dislikes: Math.floor(reach * 0.001 * seed),
  };
}

/** Analytics on a sandbox platform, computed from the world at the moment of the call. */
export function sandboxAnalytics(definition: PlatformDefinition, access: SandboxAccess): AnalyticsCapability {
  const platform = definition.type;

  async function channelIdOf(env: ConnectorEnv, profile: Profile, target: PublishTarget): Promise<string | null> {
    if (!target.selectedChannelId) return null;
    const [channel] = await env.db
      .select({ id: sandboxChannels.id })
      .from(sandboxChannels)
      .where(and(eq(sandboxChannels.profileId, profile.id), eq(sandboxChannels.externalId, target.selectedChannelId)));
    return channel?.id ?? null;
  }

  /** Comments under each post (direct ones: replies belong to their comment), not deleted. */
  async function commentCounts(env: ConnectorEnv, postIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (postIds.length === 0) return counts;
    const rows = await env.db
      .select({ parentId: sandboxItems.parentId })
      .from(sandboxItems)
      .where(and(eq(sandboxItems.kind, 'COMMENT'), inArray(sandboxItems.parentId, postIds), isNull(sandboxItems.deletedAt)));
    for (const row of rows) counts.set(row.parentId!, (counts.get(row.parentId!) ?? 0) + 1);
    return counts;
  }

  function postTotals(item: Item, audience: number, comments: number, now: number) {
    const curve = postCurve(item, audience, now);
    const realLikes = item.likeCount + (item.ownerLikedAt ? 1 : 0);
    return { ...curve, likes: curve.likes + realLikes, comments };
  }

  /** The platform's own answer shape: YouTube's string statistics, a generic insights object elsewhere. */
  function rawPost(totals: ReturnType<typeof postTotals>, item: Item) {
    if (platform === 'YOUTUBE') {
      return {
        id: item.externalId,
        statistics: {
          viewCount: String(totals.views),
          likeCount: String(totals.likes),
          dislikeCount: String(totals.dislikes),
          favoriteCount: String(totals.saves),
          commentCount: String(totals.comments),
        },
      };
    }
    const { impressions, reach, views, uniqueViews, likes, comments, shares, saves, dislikes } = totals;
    return { id: item.externalId, metrics: { impressions, reach, views, uniqueViews, likes, comments, shares, saves, dislikes } };
  }

  return {
    async account(env, credentials, target) {
      const operation = 'analytics.account';
      const { profile } = await access.authorize(env, credentials, operation);
      const now = Date.now();
      const channelId = await channelIdOf(env, profile, target);
      const posts = await env.db
        .select()
        .from(sandboxItems)
        .where(
          and(
            eq(sandboxItems.profileId, profile.id),
            eq(sandboxItems.kind, 'POST'),
            isNull(sandboxItems.deletedAt),
            channelId ? eq(sandboxItems.channelId, channelId) : undefined,
          ),
        );
      const audience = followersAt(profile, now);
      const comments = await commentCounts(
        env,
        posts.map((post) => post.id),
      );
      const sum = { impressions: 0, reach: 0, views: 0, uniqueViews: 0, likes: 0, comments: 0 };
      for (const post of posts) {
        const totals = postTotals(post, audience.followers, comments.get(post.id) ?? 0, now);
        for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += totals[key];
      }
      const raw =
        platform === 'YOUTUBE'
          ? {
              id: target.selectedChannelId ?? profile.externalId,
              statistics: {
                viewCount: String(sum.views),
                subscriberCount: String(audience.followers),
                videoCount: String(posts.length),
                commentCount: String(sum.comments),
              },
            }
          : { id: target.selectedChannelId ?? profile.externalId, metrics: { ...sum, posts: posts.length, ...audience } };
      return { raw, metrics: normalizeAccount(platform, raw) };
    },

    async post(env, credentials, _target, request) {
      const operation = 'analytics.post';
      const { profile } = await access.authorize(env, credentials, operation);
      const [item] = await env.db
        .select()
        .from(sandboxItems)
        .where(and(eq(sandboxItems.profileId, profile.id), eq(sandboxItems.externalId, request.externalId), eq(sandboxItems.kind, 'POST')));
      if (!item || item.deletedAt) {
        throw new PlatformError({
          code: 'NOT_FOUND',
          message: `The ${definition.label} post ${request.externalId} no longer exists`,
          httpStatus: 404,
          meta: { platform, operation },
        });
      }
      const now = Date.now();
      const comments = await commentCounts(env, [item.id]);
      const totals = postTotals(item, followersAt(profile, now).followers, comments.get(item.id) ?? 0, now);
      const raw = rawPost(totals, item);
      return { raw, metrics: normalizePost(platform, raw) };
    },
  };
}
