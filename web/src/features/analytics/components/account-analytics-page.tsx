import { Link } from '@tanstack/react-router';
import { ArrowLeft, BarChart3, Lock } from 'lucide-react';
import { useTeamAccounts } from '@/api/get-team-accounts';
import { AccountAvatar } from '@/components/account-avatar';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { platformLabel } from '@/lib/post-platforms';
import { useForceAccountAnalytics } from '../api/force-account-analytics';
import { useAccountAnalytics, type AccountAnalyticsSnapshot } from '../api/get-account-analytics';
import { isPlanWithoutAnalytics, PLAN_WITHOUT_ANALYTICS } from '../lib/analytics-errors';
import { hasAnalytics, type AnalyticsPlatform } from '../lib/analytics-platforms';
import { engagementOf, seriesOf, type Metric } from '../lib/metrics';
import { updatedText } from '../lib/snapshot-age';
import { LazyTimeSeriesChart } from './lazy-time-series-chart';
import { MetricTiles } from './metric-tiles';
import { RefreshButton } from './refresh-button';
import { TopPosts } from './top-posts';

type Row = AccountAnalyticsSnapshot & { engagement: number };

const AUDIENCE: readonly Metric<Row>[] = [{ key: 'followers', label: 'Followers', color: '#6366f1' }];
const ENGAGEMENT: readonly Metric<Row>[] = [
  { key: 'engagement', label: 'Engagement', color: '#ec4899' },
  { key: 'likes', label: 'Likes', color: '#f97316' },
  { key: 'comments', label: 'Comments', color: '#10b981' },
];

/** One account's audience and engagement over time, and which of its posts did best. */
export function AccountAnalyticsPage({ teamId, platform }: { teamId: string; platform: string }) {
  const { data: accounts } = useTeamAccounts(teamId);
  const account = accounts.find((item) => item.type === platform);
  const label = platformLabel(platform);
  return (
    <div className="space-y-6">
      <Link to="/accounts" className="inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="size-4" aria-hidden />
        All accounts
      </Link>
      <header className="flex items-center gap-3.5">
        {account ? <AccountAvatar account={account} /> : null}
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{label} analytics</h1>
          <p className="truncate text-sm text-zinc-500">
            {account?.username ? `@${account.username.replace(/^@/, '')}` : (account?.displayName ?? 'No account connected')}
          </p>
        </div>
      </header>
      {!account ? (
        <Card>
          <EmptyState icon={BarChart3} title={`No ${label} account in this team`} description="Connect one on the Accounts page to see its numbers here." />
        </Card>
      ) : !hasAnalytics(platform) ? (
        <Card>
          <EmptyState icon={BarChart3} title={`${label} does not report analytics`} description="This platform has no numbers to show." />
        </Card>
      ) : (
        <AccountNumbers teamId={teamId} platform={platform} label={label} />
      )}
    </div>
  );
}

function AccountNumbers({ teamId, platform, label }: { teamId: string; platform: AnalyticsPlatform; label: string }) {
  const history = useAccountAnalytics(teamId, platform);
  const refresh = useForceAccountAnalytics(teamId, platform);
  if (isPlanWithoutAnalytics(history.error)) {
    return (
      <Card>
        <EmptyState icon={Lock} title="Analytics need a paid plan" description={PLAN_WITHOUT_ANALYTICS} />
      </Card>
    );
  }
  const rows: Row[] = (history.data?.items ?? []).map((item) => ({ ...item, engagement: engagementOf(item) }));
  const latest = rows.at(-1);
  return (
    <>
      <Card aria-label="Audience and engagement">
        <CardHeader
          title="Audience and engagement"
          description={latest?.createdAt ? updatedText(latest.createdAt, rows.length) : 'Refreshed in the background; each refresh adds a point.'}
          actions={<RefreshButton refresh={refresh} label={label} />}
        />
        <div className="space-y-6 px-5 py-5">
          {history.error ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(history.error)}
            </p>
          ) : !history.data ? (
            <Skeleton className="h-56 w-full" />
          ) : !latest ? (
            <p className="text-sm text-zinc-500">No numbers yet. “Refresh now” asks {label} for the first ones; the background refresh does so within a day.</p>
          ) : (
            <>
              <MetricTiles
                label={`Latest numbers on ${label}`}
                tiles={[
                  { label: 'Followers', value: latest.followers },
                  { label: 'Following', value: latest.following },
                  { label: 'Posts', value: latest.postCount },
                  { label: 'Impressions', value: latest.impressions },
                  { label: 'Likes', value: latest.likes },
                  { label: 'Comments', value: latest.comments },
                ]}
              />
              <div className="grid gap-6 lg:grid-cols-2">
                <LazyTimeSeriesChart title="Followers over time" data={seriesOf(rows, AUDIENCE)} series={AUDIENCE} fromZero={false} />
                <LazyTimeSeriesChart title="Engagement over time" data={seriesOf(rows, ENGAGEMENT)} series={ENGAGEMENT} />
              </div>
            </>
          )}
        </div>
      </Card>
      <TopPosts teamId={teamId} platform={platform} />
    </>
  );
}

export function AccountAnalyticsSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-11 w-72" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}
