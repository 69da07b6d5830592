import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '../components/route-error';
import { PostPage, PostPageSkeleton } from '../features/posts/components/post-page/post-page';

export const Route = createLazyRoute('/app/posts/$postId')({
  pendingComponent: PostPageSkeleton,
  errorComponent: RouteError,
  component: function PostDetailPage() {
    const { postId } = Route.useParams();
    return <PostPage key={postId} postId={postId} />;
  },
});
