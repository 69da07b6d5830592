import { createLazyRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { RouteError } from '@/components/route-error';
import { usePost } from '@/features/posts/api/get-post';
import { ComposerPage, ComposerSkeleton } from '@/features/posts/components/composer-page';

// The composer (content rules of every platform, media library) loads when a person opens it.
export const NewPostRoute = createLazyRoute('/app/posts/new')({
  pendingComponent: ComposerSkeleton,
  errorComponent: RouteError,
  component: function NewPostPage() {
    const { team, draft } = NewPostRoute.useSearch();
    // Coming back (history) to a draft saved here edits it; the draft saved while writing changes nothing.
    const [openedDraft] = useState(draft);
    if (openedDraft) return <PostEditor postId={openedDraft} />;
    return team ? <ComposerPage key={team} teamId={team} /> : null;
  },
});

export const EditPostRoute = createLazyRoute('/app/posts/$postId/edit')({
  pendingComponent: ComposerSkeleton,
  errorComponent: RouteError,
  component: EditPostPage,
});

function EditPostPage() {
  const { postId } = EditPostRoute.useParams();
  return <PostEditor postId={postId} />;
}

function PostEditor({ postId }: { postId: string }) {
  const { data: post } = usePost(postId);
  // The post belongs to its own team, whatever team the switcher shows.
  return <ComposerPage key={post.id} teamId={post.teamId} post={post} />;
}
