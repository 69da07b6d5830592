import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { usePost } from '@/features/posts/api/get-post';
import { ComposerPage, ComposerSkeleton } from '@/features/posts/components/composer-page';

// The composer (content rules of every platform, media library) loads when a person opens it.
export const NewPostRoute = createLazyRoute('/app/posts/new')({
  pendingComponent: ComposerSkeleton,
  errorComponent: RouteError,
  component: function NewPostPage() {
    const { team } = NewPostRoute.useSearch();
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
  const { data: post } = usePost(postId);
  // The post belongs to its own team, whatever team the switcher shows.
  return <ComposerPage key={post.id} teamId={post.teamId} post={post} />;
}
