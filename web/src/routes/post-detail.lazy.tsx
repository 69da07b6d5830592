import { createLazyRoute } from '@tanstack/react-router';
import type { Post } from '@/api/post-query-keys';
import { RouteError } from '@/components/route-error';
import { useSession } from '@/features/auth/api/get-session';
import { PostAnalyticsSection } from '@/features/analytics/components/post-analytics-section';
import { PostCommentsSection } from '@/features/comments/components/post-comments-section';
import { PostPage, PostPageSkeleton, type PostPageSection } from '@/features/posts/components/post-page/post-page';

/** What the post's page shows under its platforms, from the features that own each concern. */
const SECTIONS: readonly PostPageSection[] = [CommentsSection, PostAnalyticsSection];

/** Comment authors can be messaged privately when the organization has DMs. */
function CommentsSection({ post }: { post: Post }) {
  const session = useSession();
  return <PostCommentsSection post={post} privateReplies={!!session?.organization.dmsEnabled} />;
}

export const Route = createLazyRoute('/app/posts/$postId')({
  pendingComponent: PostPageSkeleton,
  errorComponent: RouteError,
  component: function PostDetailPage() {
    const { postId } = Route.useParams();
    return <PostPage key={postId} postId={postId} sections={SECTIONS} />;
  },
});
