import { Link } from '@tanstack/react-router';
import { ExternalLink, FileText, Pencil } from 'lucide-react';
import { PlatformIcon } from '@/components/platform-icon';
import { PostStatusBadge } from '@/components/post-status-badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { EDITABLE_STATUSES, platformLabel } from '@/lib/post-platforms';
import type { CalendarPost } from '../api/get-calendar-posts';

/** A post opened from the calendar: when, where, how it went, and the way to edit it. */
export function PostPeekDialog({ post, onClose }: { post: CalendarPost | null; onClose: () => void }) {
  return (
    <Dialog open={post !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={post?.title ?? ''} description={post ? formatDateTime(post.postedDate ?? post.postDate) : undefined} className="max-w-lg">
        {post ? (
          <>
            <PostStatusBadge status={post.status} />
            <ul aria-label="Platforms" className="mt-4 space-y-2">
              {post.socialAccountTypes.map((platform) => {
                const permalink = post.externalData[platform]?.permalink;
                const error = post.errorsVerbose[platform]?.userFacingMessage ?? post.errors[platform];
                const text = (post.data[platform] as { text?: string } | undefined)?.text;
                return (
                  <li key={platform} className="rounded-lg border border-zinc-200 p-3 text-sm">
                    <div className="flex items-center gap-2">
                      <PlatformIcon platform={platform} />
                      <span className="font-medium text-zinc-900">{platformLabel(platform)}</span>
                      {permalink ? (
                        <a href={permalink} target="_blank" rel="noreferrer" className="ml-auto inline-flex items-center gap-1 text-accent-700 hover:underline">
                          View on {platformLabel(platform)}
                          <ExternalLink className="size-3.5" aria-hidden />
                        </a>
                      ) : null}
                    </div>
                    {text ? <p className="mt-1.5 line-clamp-3 text-zinc-600">{text}</p> : null}
                    {error ? <p className="mt-1.5 text-red-700">{error}</p> : null}
                  </li>
                );
              })}
            </ul>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
              <Button asChild variant="secondary">
                <Link to="/posts/$postId" params={{ postId: post.id }}>
                  <FileText className="size-4" aria-hidden />
                  Open post
                </Link>
              </Button>
              {EDITABLE_STATUSES.includes(post.status) ? (
                <Button asChild>
                  <Link to="/posts/$postId/edit" params={{ postId: post.id }}>
                    <Pencil className="size-4" aria-hidden />
                    Edit post
                  </Link>
                </Button>
              ) : null}
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
