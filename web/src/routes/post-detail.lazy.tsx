import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '../components/route-error';
import { PostAnalyticsSection } from '../features/analytics/components/post-analytics-section';
import { PostCommentsSection } from '../features/comments/components/post-comments-section';
import { PostPage, PostPageSkeleton, type PostPageSection } from '../features/posts/components/post-page/post-page';

/** What the post's page shows under its platforms, from the features that own each concern. */
const SECTIONS: readonly PostPageSection[] = [PostCommentsSection, PostAnalyticsSection];

export const Route = createLazyRoute('/app/posts/$postId')({
  pendingComponent: PostPageSkeleton,
  errorComponent: RouteError,
  component: function PostDetailPage() {
    const { postId } = Route.useParams();
    return <PostPage key={postId} postId={postId} sections={SECTIONS} />;
  },
});
