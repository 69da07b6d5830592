import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import { type Caller, instagramScope, invalidParameter, lacking, readingRoute, unsupported } from './engagement-rules';
import type { StandInMedia } from './engagement-world';
import type { MetaWorld } from './stand-in-world';

/*
 * The insights edges as Meta's reference lists their metrics today: a metric a media type or an
 * object does not have, or one Meta deprecated (`impressions`, `plays`, `post_impressions*`,
 * `page_impressions*`, `page_fans`), is error 100, as Meta answers.
 * - Instagram media: https://developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights
 * - Instagram account: https://developers.facebook.com/docs/instagram-platform/api-reference/instagram-user/insights
 * - Page and post: https://developers.facebook.com/docs/graph-api/reference/insights (deprecations: /docs/platforminsights/page/deprecated-metrics)
 * - Threads: https://developers.facebook.com/docs/threads/insights
 */
const INSTAGRAM_MEDIA_METRICS: Record<string, string[]> = {
  FEED: ['comments', 'follows', 'likes', 'profile_activity', 'profile_visits', 'reach', 'saved', 'shares', 'total_interactions', 'views'],
  REELS: ['comments', 'likes', 'reach', 'saved', 'shares', 'total_interactions', 'views', 'ig_reels_avg_watch_time', 'ig_reels_video_view_total_time'],
  STORY: ['follows', 'navigation', 'profile_activity', 'profile_visits', 'reach', 'replies', 'shares', 'total_interactions', 'views'],
};
/** Account metrics that exist only as a total over the range (`metric_type=total_value`). */
const INSTAGRAM_TOTAL_ONLY = ['views', 'likes', 'comments', 'shares', 'saves', 'replies', 'total_interactions', 'accounts_engaged', 'profile_links_taps'];
const INSTAGRAM_ACCOUNT_METRICS = [...INSTAGRAM_TOTAL_ONLY, 'reach', 'follower_count', 'follows_and_unfollows'];
const PAGE_METRICS: Record<string, string[]> = {
  page: ['page_media_view', 'page_total_media_view_unique', 'page_post_engagements', 'page_follows', 'page_views_total', 'page_daily_follows_unique'],
  post: ['post_media_view', 'post_total_media_view_unique', 'post_reactions_by_type_total', 'post_clicks', 'post_video_views'],
};
const PAGE_PERIODS: Record<string, string[]> = { page: ['day', 'week', 'days_28'], post: ['lifetime'] };
const THREADS_MEDIA_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'];
const THREADS_USER_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'clicks', 'followers_count', 'follower_demographics'];
/** Instagram's and Threads' account ranges: at most 30 days (`since`/`until`, Unix seconds). */
const MAX_RANGE_SECONDS = 30 * 86_400;

function metricsOf(caller: Caller): string[] | Response {
  const metrics = (caller.params.get('metric') ?? '').split(',').filter(Boolean);
  return metrics.length ? metrics : invalidParameter('The parameter metric is required');
}

function unknownMetric(metrics: string[], allowed: string[]): Response | null {
  const index = metrics.findIndex((metric) => !allowed.includes(metric));
  return index === -1 ? null : invalidParameter(`metric[${index}] must be one of the following values: ${allowed.join(', ')}`);
}

const lifetime = (id: string, name: string, value: number) => ({
  name,
  period: 'lifetime',
  values: [{ value }],
  title: name,
  description: `${name} of the object`,
  id: `${id}/insights/${name}/lifetime`,
});

function range(caller: Caller): { since: number; until: number } | Response {
  const since = Number(caller.params.get('since'));
  const until = Number(caller.params.get('until'));
  if (!Number.isFinite(since) || !Number.isFinite(until) || !since || !until) return invalidParameter('since and until are required, as Unix timestamps');
  if (until <= since || until - since > MAX_RANGE_SECONDS) return invalidParameter('There cannot be more than 30 days (2592000 s) between since and until');
  return { since, until };
}

export function insightsRoutes(
  hosts: { facebook: LocalReceiver; instagram: LocalReceiver; threads: LocalReceiver },
  world: MetaWorld,
  version: string,
  threadsVersion: string,
) {
  const { engagement } = world;

  function instagramMediaInsights(caller: Caller, media: StandInMedia, metrics: string[]): Response {
    const unknown = unknownMetric(metrics, INSTAGRAM_MEDIA_METRICS[media.productType] ?? []);
    if (unknown) return unknown;
    const counted: Record<string, number> = { likes: media.likeCount, comments: engagement.commentsOf(media.id).length };
    return json({ data: metrics.map((name) => lifetime(media.id, name, counted[name] ?? media.insights[name] ?? 0)) });
  }

  function instagramAccountInsights(caller: Caller, metrics: string[]): Response {
    const unknown = unknownMetric(metrics, INSTAGRAM_ACCOUNT_METRICS);
    if (unknown) return unknown;
    if (caller.params.get('period') !== 'day') return invalidParameter('period must be one of the following values: day, lifetime');
    const totalOnly = metrics.find((metric) => INSTAGRAM_TOTAL_ONLY.includes(metric));
    if (totalOnly && caller.params.get('metric_type') !== 'total_value') {
      return invalidParameter(`The following metrics (${totalOnly}) should be specified with parameter metric_type=total_value`);
    }
    const within = range(caller);
    if (within instanceof Response) return within;
    const values = engagement.account(caller.id).insights;
    return json({
      data: metrics.map((name) => ({
        name,
        period: 'day',
        title: name,
        description: name,
        total_value: { value: values[name] ?? 0 },
        id: `${caller.id}/insights/${name}/day`,
      })),
    });
  }

  function pageInsights(caller: Caller, kind: 'page' | 'post', metrics: string[]): Response {
    const unknown = unknownMetric(metrics, PAGE_METRICS[kind]!);
    if (unknown) return unknown;
    const period = caller.params.get('period') ?? (kind === 'post' ? 'lifetime' : 'day');
    if (!PAGE_PERIODS[kind]!.includes(period)) return invalidParameter(`period must be one of the following values: ${PAGE_PERIODS[kind]!.join(', ')}`);
    const values = kind === 'page' ? engagement.account(caller.id).insights : (engagement.media.get(caller.id)?.insights ?? {});
    return json({
      data: metrics.map((name) => ({
        name,
        period,
        values: [{ value: values[name] ?? 0 }],
        title: name,
        description: name,
        id: `${caller.id}/insights/${name}/${period}`,
      })),
    });
  }

  for (const [product, host] of [
    ['facebook', hosts.facebook],
    ['instagram', hosts.instagram],
  ] as const) {
    readingRoute(host, world, product, version, 'GET /:id/insights', (caller) => {
      const metrics = metricsOf(caller);
      if (metrics instanceof Response) return metrics;
      const media = engagement.media.get(caller.id);
      const isPage = world.pages.some((candidate) => candidate.id === caller.id);
      if (media) {
        if (!caller.selves.includes(media.ownerId)) return unsupported(caller.id);
        if (media.product === 'instagram') return lacking(caller, [instagramScope(caller, 'insights')]) ?? instagramMediaInsights(caller, media, metrics);
        return product === 'facebook' && media.product === 'facebook'
          ? (lacking(caller, ['read_insights']) ?? pageInsights(caller, 'post', metrics))
          : unsupported(caller.id);
      }
      if (!caller.selves.includes(caller.id)) return unsupported(caller.id);
      if (isPage) return product === 'facebook' ? (lacking(caller, ['read_insights']) ?? pageInsights(caller, 'page', metrics)) : unsupported(caller.id);
      return lacking(caller, [instagramScope(caller, 'insights')]) ?? instagramAccountInsights(caller, metrics);
    });
  }

  readingRoute(hosts.threads, world, 'threads', threadsVersion, 'GET /:id/insights', (caller) => {
    const media = engagement.media.get(caller.id);
    if (!media || !caller.selves.includes(media.ownerId)) return unsupported(caller.id);
    const denied = lacking(caller, ['threads_basic', 'threads_manage_insights']);
    if (denied) return denied;
    const metrics = metricsOf(caller);
    if (metrics instanceof Response) return metrics;
    const unknown = unknownMetric(metrics, THREADS_MEDIA_METRICS);
    if (unknown) return unknown;
    const counted: Record<string, number> = { likes: media.likeCount, replies: engagement.commentsOf(media.id).length };
    return json({ data: metrics.map((name) => lifetime(media.id, name, counted[name] ?? media.insights[name] ?? 0)) });
  });

  // Profile views are a daily series; the rest totals over the range (followers_count: now).
  readingRoute(hosts.threads, world, 'threads', threadsVersion, 'GET /:id/threads_insights', (caller) => {
    if (!caller.selves.includes(caller.id)) return unsupported(caller.id);
    const denied = lacking(caller, ['threads_basic', 'threads_manage_insights']);
    if (denied) return denied;
    const metrics = metricsOf(caller);
    if (metrics instanceof Response) return metrics;
    const unknown = unknownMetric(metrics, THREADS_USER_METRICS);
    if (unknown) return unknown;
    const within = range(caller);
    if (within instanceof Response) return within;
    const values = engagement.account(caller.id).insights;
    return json({
      data: metrics.map((name) =>
        name === 'views'
          ? {
              name,
              period: 'day',
              values: [
                { value: Math.floor((values.views ?? 0) / 2), end_time: new Date((within.until - 86_400) * 1000).toISOString() },
                { value: Math.ceil((values.views ?? 0) / 2), end_time: new Date(within.until * 1000).toISOString() },
              ],
              title: 'views',
              description: 'profile views',
              id: `${caller.id}/insights/views/day`,
            }
          : { name, period: 'day', title: name, description: name, total_value: { value: values[name] ?? 0 }, id: `${caller.id}/insights/${name}/day` },
      ),
    });
  });
}
