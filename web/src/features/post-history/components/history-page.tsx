import { Link } from '@tanstack/react-router';
import { ArrowLeft, History } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTeamAccounts } from '@/api/get-team-accounts';
import { AccountAvatar } from '@/components/account-avatar';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { platformLabel } from '@/lib/post-platforms';
import { useImportCapacity } from '../api/get-import-capacity';
import { useImportedPosts } from '../api/get-imported-posts';
import { useLatestHistoryImport } from '../api/get-history-imports';
import { isRunning, type HistoryPlatform } from '../lib/history-options';
import { DeletePosts } from './delete-posts';
import { ImportPanel } from './import-panel';
import { PostGrid } from './post-grid';

/** `/accounts/INSTAGRAM/history`: the posts the account made on its platform, imported, with an import to bring in more. */
export function HistoryPage({ teamId, platform }: { teamId: string; platform: string }) {
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
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{label} post history</h1>
          <p className="truncate text-sm text-zinc-500">
            {account?.username ? `@${account.username.replace(/^@/, '')}` : (account?.displayName ?? 'No account connected')}
          </p>
        </div>
      </header>
      {account ? (
        <AccountHistory teamId={teamId} platform={platform as HistoryPlatform} label={label} />
      ) : (
        <Card>
          <EmptyState icon={History} title={`No ${label} account in this team`} description="Connect one on the Accounts page to import its past posts." />
        </Card>
      )}
    </div>
  );
}

function AccountHistory({ teamId, platform, label }: { teamId: string; platform: HistoryPlatform; label: string }) {
  const job = useLatestHistoryImport(teamId, platform);
  const capacity = useImportCapacity(teamId, platform);
  const posts = useImportedPosts(teamId, platform);
  const items = useMemo(() => posts.data?.pages.flatMap((page) => page.posts) ?? [], [posts.data]);
  const total = posts.data?.pages[0]?.total ?? 0;
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // Only what is still in the grid counts as selected: a post deleted elsewhere drops out by itself.
  const loadedIds = useMemo(() => items.map((post) => post.id), [items]);
  const selected = useMemo(() => new Set(loadedIds.filter((id) => picked.has(id))), [loadedIds, picked]);
  const toggle = useCallback((id: string, on: boolean) => {
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return (
    <>
      <Card aria-label="Import">
        <CardHeader
          title="Import past posts"
          description={`Bring in posts made on ${label} before the account was connected, newest first; each import continues further back.`}
        />
        <ImportPanel teamId={teamId} platform={platform} label={label} job={job.data} capacity={capacity.data} />
      </Card>
      <Card aria-label="Imported posts">
        <CardHeader
          title="Imported posts"
          description={posts.data ? `${total} post${total === 1 ? '' : 's'}, newest first` : undefined}
          actions={
            items.length > 0 ? (
              <DeletePosts
                teamId={teamId}
                platform={platform}
                label={label}
                selected={selected}
                loadedIds={loadedIds}
                onSelect={(ids) => setPicked(new Set(ids))}
              />
            ) : undefined
          }
        />
        <div className="px-5 py-4">
          {posts.error ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(posts.error)}
            </p>
          ) : !posts.data ? (
            <GridSkeleton />
          ) : items.length === 0 ? (
            <EmptyState
              icon={History}
              title={isRunning(job.data ?? undefined) ? 'The import is running' : 'No imported posts yet'}
              description={
                isRunning(job.data ?? undefined)
                  ? 'Posts appear here as they come in.'
                  : `Choose how many of the newest ${label} posts to bring in above and press “Import posts”. They show up here with their permalink and numbers.`
              }
            />
          ) : (
            <div className="space-y-4">
              <PostGrid posts={items} selected={selected} onToggle={toggle} />
              {posts.hasNextPage ? (
                <div className="flex justify-center">
                  <Button variant="secondary" size="sm" pending={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
                    Show older posts
                  </Button>
                </div>
              ) : null}
            </div>
          )}
        </div>
      </Card>
    </>
  );
}

function GridSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="aspect-square w-full" />
      ))}
    </div>
  );
}

export function HistorySkeleton() {
  return (
    <div className="space-y-6">
      <Skeleton className="h-5 w-28" />
      <Skeleton className="h-12 w-72" />
      <Skeleton className="h-40 w-full" />
      <GridSkeleton />
    </div>
  );
}
