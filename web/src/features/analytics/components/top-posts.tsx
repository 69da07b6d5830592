import { Link } from '@tanstack/react-router';
import { Trophy } from 'lucide-react';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useTopPosts } from '../api/get-top-posts';
import type { AnalyticsPlatform } from '../lib/analytics-platforms';
import { formatCount } from '../lib/metrics';

const counted = (value: number, noun: string) => `${formatCount(value)} ${noun}${value === 1 ? '' : 's'}`;

/** The account's recent posts with the most engagement, each leading to its page. */
export function TopPosts({ teamId, platform }: { teamId: string; platform: AnalyticsPlatform }) {
  const { data, error } = useTopPosts(teamId, platform);
  return (
    <Card aria-label="Top posts">
      <CardHeader title="Top posts" description="The 20 latest published posts ranked by engagement (likes, comments, shares, saves)." />
      {error ? (
        <p role="alert" className="px-5 py-4 text-sm text-red-700">
          {errorMessage(error)}
        </p>
      ) : !data ? (
        <div className="space-y-2 px-5 py-4">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : data.length === 0 ? (
        <EmptyState
          icon={Trophy}
          title="No numbers for posts yet"
          description="Posts published on this account appear here once their analytics are refreshed (open a post and use “Refresh now”)."
        />
      ) : (
        <ol className="divide-y divide-zinc-100">
          {data.map((top, index) => (
            <li key={top.post.id} className="flex items-center gap-4 px-5 py-3 text-sm">
              <span className="w-5 text-right font-semibold text-zinc-400 tabular-nums">{index + 1}</span>
              <div className="min-w-0 flex-1">
                <Link
                  to="/posts/$postId"
                  params={{ postId: top.post.id }}
                  className="block truncate font-medium text-zinc-900 hover:text-accent-700 hover:underline"
                >
                  {top.post.title}
                </Link>
                <p className="text-xs text-zinc-500">
                  {[
                    top.post.postedDate ? formatDate(top.post.postedDate) : null,
                    counted(top.likes, 'like'),
                    counted(top.comments, 'comment'),
                    counted(top.shares, 'share'),
                    counted(top.saves, 'save'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <span className="text-right">
                <span className="block font-semibold text-zinc-900 tabular-nums">{formatCount(top.engagement)}</span>
                <span className="text-xs text-zinc-500">engagement</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
