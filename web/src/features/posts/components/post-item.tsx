import { Link } from '@tanstack/react-router';
import { CircleAlert, ExternalLink, Pencil, RotateCw, Trash2 } from 'lucide-react';
import { PlatformIcon } from '@/components/platform-icon';
import { PostStatusBadge } from '@/components/post-status-badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatRelative } from '@/lib/format';
import { EDITABLE_STATUSES, platformLabel } from '@/lib/post-platforms';
import type { Post } from '../api/get-posts';
import { PlatformErrorDetails } from './platform-error-details';

type PostItemProps = { post: Post; onDelete: (post: Post) => void; onRetry: (post: Post) => void; retrying: boolean };

function waitingText(post: Post): string {
  switch (post.status) {
    case 'DRAFT':
      return 'Not scheduled';
    case 'SCHEDULED':
      return `Publishes ${formatRelative(post.postDate)}`;
    case 'PROCESSING':
      return 'Publishing…';
    case 'RETRYING':
      return 'Waiting to try again';
    case 'DELETED':
      return 'Not published';
    default:
      return 'No result';
  }
}

/** One post: what it is, when, its status, and what each platform made of it. */
export function PostItem({ post, onDelete, onRetry, retrying }: PostItemProps) {
  const editable = EDITABLE_STATUSES.includes(post.status);
  const accountOf = (platform: string) =>
    post.socialAccounts.find((link) => link.socialAccount?.type === platform)?.socialAccount as { username?: string | null } | undefined;
  const when = post.postedDate ?? post.postDate;
  return (
    <li aria-label={post.title} className="px-5 py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-sm font-semibold text-zinc-900">
              <Link to="/posts/$postId" params={{ postId: post.id }} className="hover:text-accent-700 hover:underline">
                {post.title}
              </Link>
            </h3>
            <PostStatusBadge status={post.status} />
            {post.retryCount > 0 ? <span className="text-xs text-zinc-500">retried {post.retryCount}×</span> : null}
          </div>
          <p className="text-xs text-zinc-500">
            {post.postedDate ? 'Posted' : post.status === 'DRAFT' ? 'Planned for' : post.status === 'ERROR' ? 'Was due' : 'Scheduled for'}{' '}
            <time dateTime={when} title={new Date(when).toISOString()}>
              {formatDateTime(when)}
            </time>
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          {post.status === 'ERROR' ? (
            <Button variant="secondary" size="sm" pending={retrying} onClick={() => onRetry(post)} aria-label={`Retry ${post.title}`}>
              <RotateCw className="size-3.5" aria-hidden />
              Retry
            </Button>
          ) : null}
          {editable ? (
            <Button asChild variant="ghost" size="sm">
              <Link to="/posts/$postId/edit" params={{ postId: post.id }} aria-label={`Edit ${post.title}`}>
                <Pencil className="size-3.5" aria-hidden />
                Edit
              </Link>
            </Button>
          ) : null}
          {post.status !== 'DELETED' && post.status !== 'PROCESSING' ? (
            <Button variant="danger-ghost" size="sm" onClick={() => onDelete(post)} aria-label={`Delete ${post.title}`}>
              <Trash2 className="size-3.5" aria-hidden />
              Delete
            </Button>
          ) : null}
        </div>
      </div>

      {post.error ? (
        <p className="mt-2 flex items-start gap-1.5 text-xs text-red-700">
          <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {post.error}
        </p>
      ) : null}

      <ul aria-label={`Results of ${post.title}`} className="mt-3 space-y-1.5">
        {post.socialAccountTypes.map((platform) => {
          const permalink = post.externalData[platform]?.permalink;
          const verbose = post.errorsVerbose[platform];
          const error = verbose?.userFacingMessage ?? post.errors[platform];
          const account = accountOf(platform);
          return (
            <li key={platform} className="flex flex-wrap items-start gap-x-2 gap-y-1 text-sm">
              <PlatformIcon platform={platform} />
              <span className="font-medium text-zinc-800">{platformLabel(platform)}</span>
              {account?.username ? <span className="text-zinc-500">@{account.username.replace(/^@/, '')}</span> : null}
              <span className="text-zinc-300" aria-hidden>
                ·
              </span>
              {permalink ? (
                <a href={permalink} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-accent-700 hover:underline">
                  View on {platformLabel(platform)}
                  <ExternalLink className="size-3.5" aria-hidden />
                </a>
              ) : error ? (
                <span className="min-w-0 flex-1">
                  <span className="text-red-700">{error}</span>
                  {verbose ? <PlatformErrorDetails verbose={verbose} /> : null}
                </span>
              ) : (
                <span className="text-zinc-500">{waitingText(post)}</span>
              )}
            </li>
          );
        })}
      </ul>
    </li>
  );
}
