import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ComponentType } from 'react';
import type { Post } from '@/api/post-query-keys';
import { PostStatusBadge } from '@/components/post-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { usePostLive } from '../../api/get-post-live';
import { PostActions } from './post-actions';
import { PostTargetsSection } from './post-targets-section';

function dateLine(post: { status: string; postDate: string; postedDate: string | null }) {
  if (post.postedDate) return { label: 'Posted', at: post.postedDate };
  if (post.status === 'DRAFT') return { label: 'Planned for', at: post.postDate };
  if (post.status === 'ERROR') return { label: 'Was due', at: post.postDate };
  return { label: 'Scheduled for', at: post.postDate };
}

/** A block of the page from another feature (comments, analytics), fed by the same live post. */
export type PostPageSection = ComponentType<{ post: Post }>;

/**
 * A post on its own page: what it is and how it went, then one section per concern. The route
 * passes the sections of other features (features do not import each other), each fed by the same `post`.
 */
export function PostPage({ postId, sections = [] }: { postId: string; sections?: readonly PostPageSection[] }) {
  const { data: post } = usePostLive(postId);
  const navigate = useNavigate();
  const when = dateLine(post);
  return (
    <div className="space-y-6">
      <div>
        <Link to="/posts" className="inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
          <ArrowLeft className="size-4" aria-hidden />
          All posts
        </Link>
      </div>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{post.title}</h1>
            <PostStatusBadge status={post.status} />
          </div>
          <p className="text-sm text-zinc-500">
            {when.label}{' '}
            <time dateTime={when.at} title={new Date(when.at).toISOString()}>
              {formatDateTime(when.at)}
            </time>
            {post.retryCount > 0 ? ` · retried ${post.retryCount}×` : null}
          </p>
        </div>
        <PostActions post={post} onDeleted={() => navigate({ to: '/posts' })} />
      </header>

      <PostTargetsSection post={post} />
      {sections.map((Section, index) => (
        <Section key={index} post={post} />
      ))}
    </div>
  );
}

export function PostPageSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-72" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
