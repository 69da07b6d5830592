import { Link } from '@tanstack/react-router';
import { Download, FileSearch, FileUp, PenSquare, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { POST_PLATFORMS } from '@server/platforms/platform-types';
import { useDeletePost } from '../api/delete-post';
import { usePosts, type Post } from '../api/get-posts';
import { usePostingAccounts } from '@/api/get-team-accounts';
import { useRetryPost } from '../api/retry-post';
import { exportCsvHref, filtersFromSearch, hasFilters, PAGE_SIZE, type PostListSearch } from '../lib/list-search';
import { PostFilters } from './post-filters';
import { PostItem } from './post-item';

const DESCRIPTION = "Everything this team has drafted, scheduled and published, with each platform's result.";

type PostsPageProps = { teamId: string; search: PostListSearch; onSearch: (change: Partial<PostListSearch>) => void; onClear: () => void };

export function PostsPage({ teamId, search, onSearch, onClear }: PostsPageProps) {
  const { data: accounts } = usePostingAccounts(teamId);
  const posts = usePosts(filtersFromSearch(teamId, search));
  const remove = useDeletePost();
  const retry = useRetryPost();
  const [deleting, setDeleting] = useState<Post | null>(null);
  const page = search.page ?? 1;
  const total = posts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const newPost = (
    <Button asChild>
      <Link to="/posts/new">
        <Plus className="size-4" aria-hidden />
        New post
      </Link>
    </Button>
  );

  let body;
  if (posts.isError && !posts.data) {
    body = (
      <EmptyState
        icon={FileSearch}
        title="The posts could not be loaded"
        description={errorMessage(posts.error)}
        action={
          <Button variant="secondary" onClick={() => posts.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (!posts.data) {
    body = <PostsListSkeleton />;
  } else if (posts.data.items.length === 0 && hasFilters(search)) {
    body = (
      <EmptyState
        icon={FileSearch}
        title="No posts match these filters"
        description="Try another search or date range, or clear the filters to see every post."
        action={
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (posts.data.items.length === 0) {
    body =
      accounts.length === 0 ? (
        <EmptyState
          icon={Users}
          title="Connect an account to start posting"
          description="Posts go to the social accounts connected to this team. Connect one, then write your first post."
          action={
            <Button asChild>
              <Link to="/accounts">Go to Accounts</Link>
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={PenSquare}
          title="No posts yet"
          description="Write a post once, adjust it for each platform, and publish it now or schedule it for later."
          action={newPost}
        />
      );
  } else {
    body = (
      <>
        <ul
          aria-label="Posts"
          className={`divide-y divide-zinc-100 ${posts.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={posts.isPlaceholderData || undefined}
        >
          {posts.data.items.map((post) => (
            <PostItem
              key={post.id}
              post={post}
              onDelete={setDeleting}
              retrying={retry.isPending && retry.variables === post.id}
              onRetry={(target) => retry.mutate(target.id, { onSuccess: () => toast.success(`“${target.title}” will be published again`) })}
            />
          ))}
        </ul>
        <nav aria-label="Pages" className="flex items-center justify-between border-t border-zinc-200 px-5 py-3 text-sm text-zinc-600">
          <span>
            {(page - 1) * PAGE_SIZE + 1}–{Math.min(page * PAGE_SIZE, total)} of {total}
          </span>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onSearch({ page: page - 1 > 1 ? page - 1 : undefined })}>
              Previous
            </Button>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onSearch({ page: page + 1 })}>
              Next
            </Button>
          </div>
        </nav>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Posts"
        description={DESCRIPTION}
        actions={
          <>
            {posts.data?.items.length ? (
              <Button variant="secondary" asChild>
                <a href={exportCsvHref(teamId, search)} download>
                  <Download className="size-4" aria-hidden />
                  Download CSV
                </a>
              </Button>
            ) : null}
            {accounts.length > 0 ? (
              <Button variant="secondary" asChild>
                <Link to="/posts/import">
                  <FileUp className="size-4" aria-hidden />
                  Import CSV
                </Link>
              </Button>
            ) : null}
            {accounts.length > 0 && (posts.data?.items.length || hasFilters(search)) ? newPost : null}
          </>
        }
      />
      <Card>
        <PostFilters search={search} platforms={[...POST_PLATFORMS]} onChange={(change) => onSearch({ ...change, page: undefined })} onClear={onClear} />
        {body}
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete “${deleting?.title ?? ''}”?`}
        description={
          deleting?.status === 'POSTED'
            ? 'The post leaves this list. What was already published stays on the platforms: remove it there if needed.'
            : 'It will not be published. This cannot be undone.'
        }
        confirmLabel="Delete post"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (post) => toast.success(`“${post.title}” deleted`),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}

function PostsListSkeleton() {
  return (
    <div className="space-y-5 p-5" aria-busy="true" aria-label="Loading posts">
      {[0, 1, 2].map((row) => (
        <div key={row} className="space-y-2">
          <div className="flex gap-3">
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-4 w-16" />
          </div>
          <Skeleton className="h-3 w-40" />
          <Skeleton className="h-3 w-72" />
        </div>
      ))}
    </div>
  );
}

export function PostsSkeleton() {
  return (
    <>
      <PageHeader title="Posts" description={DESCRIPTION} />
      <Card>
        <PostsListSkeleton />
      </Card>
    </>
  );
}
