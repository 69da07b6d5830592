import { Lock } from 'lucide-react';
import { isPublishedOn, type Post } from '@/api/post-query-keys';
import { PlatformIcon } from '@/components/platform-icon';
import { PostSection } from '@/components/post-section';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { platformLabel } from '@/lib/post-platforms';
import { useForcePostAnalytics } from '../api/force-post-analytics';
import { usePostAnalytics, type PostAnalyticsHistory, type PostAnalyticsSnapshot } from '../api/get-post-analytics';
import { isPlanWithoutAnalytics, PLAN_WITHOUT_ANALYTICS } from '../lib/analytics-errors';
import { hasAnalytics, type AnalyticsPlatform } from '../lib/analytics-platforms';
import { seriesOf, type Metric } from '../lib/metrics';
import { updatedText } from '../lib/snapshot-age';
import { LazyTimeSeriesChart } from './lazy-time-series-chart';
import { MetricTiles } from './metric-tiles';
import { RefreshButton } from './refresh-button';

const REACH: readonly Metric<PostAnalyticsSnapshot>[] = [
  { key: 'impressions', label: 'Impressions', color: '#6366f1' },
  { key: 'views', label: 'Views', color: '#0ea5e9' },
];
const ENGAGEMENT: readonly Metric<PostAnalyticsSnapshot>[] = [
  { key: 'likes', label: 'Likes', color: '#ec4899' },
  { key: 'comments', label: 'Comments', color: '#f59e0b' },
  { key: 'shares', label: 'Shares', color: '#10b981' },
  { key: 'saves', label: 'Saves', color: '#8b5cf6' },
];
const TILES = [...REACH, ...ENGAGEMENT];

/** Platforms where the post is out and the API keeps numbers. */
function publishedPlatforms(post: Post): AnalyticsPlatform[] {
  return post.socialAccountTypes.filter((platform): platform is AnalyticsPlatform => hasAnalytics(platform) && isPublishedOn(post, platform));
}

/** How the post does on each platform it reached: the latest numbers and their history. Nothing before it is published. */
export function PostAnalyticsSection({ post }: { post: Post }) {
  const platforms = publishedPlatforms(post);
  const results = usePostAnalytics(post.id, platforms);
  if (platforms.length === 0) return null;
  const description = 'Numbers the platforms report, refreshed in the background; each refresh adds a point to the charts.';
  if (results.some((result) => isPlanWithoutAnalytics(result.error))) {
    return (
      <PostSection title="Analytics" description={description}>
        <EmptyState icon={Lock} title="Analytics need a paid plan" description={PLAN_WITHOUT_ANALYTICS} />
      </PostSection>
    );
  }
  return (
    <PostSection title="Analytics" description={description}>
      <ul className="divide-y divide-zinc-200">
        {platforms.map((platform, index) => {
          const result = results[index]!;
          return (
            <li key={platform} aria-label={`${platformLabel(platform)} analytics`} className="space-y-4 px-5 py-4">
              <PlatformAnalytics postId={post.id} platform={platform} history={result.data} error={result.error} />
            </li>
          );
        })}
      </ul>
    </PostSection>
  );
}

type PlatformProps = { postId: string; platform: AnalyticsPlatform; history: PostAnalyticsHistory | undefined; error: unknown };

function PlatformAnalytics({ postId, platform, history, error }: PlatformProps) {
  const refresh = useForcePostAnalytics(postId, platform);
  const label = platformLabel(platform);
  const latest = history?.items.at(-1);
  return (
    <>
      <div className="flex flex-wrap items-start gap-2">
        <PlatformIcon platform={platform} />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-zinc-900">{label}</p>
          <p className="text-xs text-zinc-500">{latest?.createdAt ? updatedText(latest.createdAt, history!.items.length) : 'No numbers yet'}</p>
        </div>
        <div className="ml-auto">
          <RefreshButton refresh={refresh} label={label} />
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error)}
        </p>
      ) : !history ? (
        <Skeleton className="h-40 w-full" />
      ) : !latest ? (
        <p className="text-sm text-zinc-500">
          The platform has not been asked yet. “Refresh now” fetches the first numbers; the background refresh does so within a day.
        </p>
      ) : (
        <>
          <MetricTiles label={`Latest numbers on ${label}`} tiles={TILES.map((metric) => ({ label: metric.label, value: latest[metric.key] as number }))} />
          <div className="grid gap-6 lg:grid-cols-2">
            <LazyTimeSeriesChart title={`Reach on ${label}`} data={seriesOf(history.items, REACH)} series={REACH} />
            <LazyTimeSeriesChart title={`Engagement on ${label}`} data={seriesOf(history.items, ENGAGEMENT)} series={ENGAGEMENT} />
          </div>
        </>
      )}
    </>
  );
}
