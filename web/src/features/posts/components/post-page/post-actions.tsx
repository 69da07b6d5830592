import { Link } from '@tanstack/react-router';
import { Pencil, RotateCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EDITABLE_STATUSES } from '@/lib/post-platforms';
import { toast } from '@/lib/toast';
import type { Post } from '@/api/post-query-keys';
import { useDeletePost } from '../../api/delete-post';
import { useRetryPost } from '../../api/retry-post';

/** What can be done with the post in its state: retry what failed, edit until it is out, delete. */
export function PostActions({ post, onDeleted }: { post: Post; onDeleted: () => void }) {
  const retry = useRetryPost();
  const remove = useDeletePost();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex shrink-0 flex-wrap gap-2">
      {post.status === 'ERROR' ? (
        <Button
          variant="secondary"
          pending={retry.isPending}
          onClick={() => retry.mutate(post.id, { onSuccess: () => toast.success('The failed platforms will be published again') })}
        >
          <RotateCw className="size-4" aria-hidden />
          Retry failed platforms
        </Button>
      ) : null}
      {EDITABLE_STATUSES.includes(post.status) ? (
        <Button asChild variant="secondary">
          <Link to="/posts/$postId/edit" params={{ postId: post.id }}>
            <Pencil className="size-4" aria-hidden />
            Edit
          </Link>
        </Button>
      ) : null}
      {post.status !== 'DELETED' && post.status !== 'PROCESSING' ? (
        <Button variant="danger-ghost" onClick={() => setConfirming(true)}>
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this post?"
        description={
          post.status === 'POSTED'
            ? `“${post.title}” leaves this service; what is already on the platforms stays there.`
            : `“${post.title}” will not be published.`
        }
        confirmLabel="Delete post"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(`“${post.title}” deleted`);
              onDeleted();
            },
          })
        }
      />
    </div>
  );
}
