import { Link } from '@tanstack/react-router';
import { AlertTriangle, MessageSquareText, SearchX, Store } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTeamAccounts } from '@/api/get-team-accounts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteReply } from '../api/delete-reply';
import { useReviewFeed } from '../api/get-review-feed';
import { useLatestImports } from '../api/get-review-imports';
import { useReviewSummary } from '../api/get-review-summary';
import { hasFilters, reviewFilters, type ReviewListSearch } from '../lib/list-search';
import type { ReviewItem, ReviewSource } from '../lib/review-item';
import { SyncPanel } from './import-panel';
import { RatingSummary } from './rating-summary';
import { ReviewFeed } from './review-feed';
import { ReviewFilters } from './review-filters';

const DESCRIPTION = 'Google Business reviews and Facebook recommendations of this team, newest first. Answer them where they are.';
const SOURCES: readonly ReviewSource[] = ['GOOGLE_BUSINESS', 'FACEBOOK'];
const SUMMARY_KEY = { GOOGLE_BUSINESS: 'google', FACEBOOK: 'facebook' } as const;

type ReviewsPageProps = { teamId: string; search: ReviewListSearch; onSearch: (change: Partial<ReviewListSearch>) => void; onClear: () => void };

export function ReviewsPage({ teamId, search, onSearch, onClear }: ReviewsPageProps) {
  const { data: accounts } = useTeamAccounts(teamId);
  const connected = SOURCES.filter((source) => accounts.some((account) => account.type === source && !account.deletedAt));
  const summary = useReviewSummary(teamId);
  const imports = useLatestImports(teamId);

  if (connected.length === 0) {
    return (
      <>
        <PageHeader title="Reviews" description={DESCRIPTION} />
        <Card>
          <EmptyState
            icon={Store}
            title="Connect a Google Business location"
            description="Reviews come from the Google Business locations (and Facebook pages) connected to this team. Connect one: its reviews then sync here by themselves."
            action={
              <Button asChild>
                <Link to="/accounts">Go to Accounts</Link>
              </Button>
            }
          />
        </Card>
      </>
    );
  }

  const lowRating = summary.data?.lowRating ?? 0;
  return (
    <>
      <PageHeader title="Reviews" description={DESCRIPTION} actions={<KeyboardHelp />} />
      <div className="space-y-6">
        <Card className="grid overflow-clip lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="border-b border-zinc-100 px-5 py-4 lg:border-r lg:border-b-0">
            <RatingSummary teamId={teamId} />
          </div>
          <div aria-label="Syncing" role="region" className="divide-y divide-zinc-100">
            {connected.map((source) => (
              <SyncPanel key={source} teamId={teamId} source={source} job={imports.data?.[source]} capacity={summary.data?.[SUMMARY_KEY[source]]} />
            ))}
          </div>
        </Card>
        {lowRating > 0 && !(search.replied === 'no' && search.rating?.join() === '1,2') ? (
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-5 py-3 text-sm text-red-800">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            <span className="flex-1">
              <strong className="font-semibold">{lowRating}</strong> {lowRating === 1 ? 'review' : 'reviews'} of 1–2 stars {lowRating === 1 ? 'has' : 'have'} no
              reply yet.
            </span>
            <Button variant="secondary" size="sm" onClick={() => onSearch({ rating: [1, 2], replied: 'no' })}>
              Show them
            </Button>
          </div>
        ) : null}
        <Card className="overflow-clip">
          <ReviewFilters search={search} onChange={onSearch} onClear={onClear} />
          <ReviewList teamId={teamId} search={search} onClear={onClear} canImport={connected} />
        </Card>
      </div>
    </>
  );
}

function ReviewList({
  teamId,
  search,
  onClear,
  canImport,
}: {
  teamId: string;
  search: ReviewListSearch;
  onClear: () => void;
  canImport: readonly ReviewSource[];
}) {
  const filters = useMemo(() => reviewFilters(search), [search]);
  const feed = useReviewFeed(teamId, filters);
  const remove = useDeleteReply(teamId);
  const [deleting, setDeleting] = useState<ReviewItem | null>(null);
  const items = useMemo(() => feed.data?.pages.flatMap((page) => page.items) ?? [], [feed.data]);
  const total = feed.data?.pages[0]?.total ?? 0;

  let body;
  if (feed.isError && !feed.data) {
    body = (
      <EmptyState
        icon={SearchX}
        title="The reviews could not be loaded"
        description={errorMessage(feed.error)}
        action={
          <Button variant="secondary" onClick={() => feed.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (!feed.data) {
    body = <ReviewListSkeleton />;
  } else if (items.length === 0 && hasFilters(search)) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No reviews match these filters"
        description="Try another rating, date range or search, or clear the filters to see every review."
        action={
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={MessageSquareText}
        title="No reviews synced yet"
        description={`The ${canImport.includes('GOOGLE_BUSINESS') ? 'Google Business reviews' : 'Facebook recommendations'} of this team are synced every few hours; press Sync now above to bring them in at once.`}
      />
    );
  } else {
    body = (
      <div className={feed.isPlaceholderData ? 'opacity-60' : undefined}>
        <ReviewFeed
          teamId={teamId}
          items={items}
          total={total}
          hasNextPage={feed.hasNextPage}
          isFetchingNextPage={feed.isFetchingNextPage}
          fetchNextPage={feed.fetchNextPage}
          onDeleteReply={setDeleting}
        />
        <p className="border-t border-zinc-200 px-5 py-3 text-xs text-zinc-500">
          {total === 1 ? '1 review' : `${total.toLocaleString('en-US')} reviews`}
          {items.length < total ? `, ${items.length.toLocaleString('en-US')} loaded` : ''}
        </p>
      </div>
    );
  }

  return (
    <>
      {body}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete your reply?"
        description={`The reply to ${deleting?.reviewer ?? 'this review'} is removed from Google. You can write a new one afterwards.`}
        confirmLabel="Delete reply"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => toast.success('Reply deleted'),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}

function KeyboardHelp() {
  const key = 'rounded border border-zinc-300 bg-white px-1.5 py-0.5 font-sans text-[11px] text-zinc-600 shadow-xs';
  return (
    <p className="hidden items-center gap-1.5 text-xs text-zinc-500 md:flex" aria-label="Keyboard: j and k move between reviews, r replies, slash searches">
      <kbd className={key}>j</kbd>
      <kbd className={key}>k</kbd> move
      <kbd className={`${key} ml-2`}>r</kbd> reply
      <kbd className={`${key} ml-2`}>/</kbd> search
    </p>
  );
}

function ReviewListSkeleton() {
  return (
    <div className="space-y-6 p-5" aria-busy="true" aria-label="Loading reviews">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-2">
            <div className="flex gap-3">
              <Skeleton className="h-4 w-36" />
              <Skeleton className="h-4 w-24" />
            </div>
            <Skeleton className="h-3 w-full max-w-lg" />
            <Skeleton className="h-3 w-64" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function ReviewsSkeleton() {
  return (
    <>
      <PageHeader title="Reviews" description={DESCRIPTION} />
      <Card>
        <ReviewListSkeleton />
      </Card>
    </>
  );
}
