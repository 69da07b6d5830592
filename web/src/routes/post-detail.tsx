import { createRoute } from '@tanstack/react-router';
import { postQueryOptions } from '@/features/posts/api/get-post';
import { appRoute } from './app-layout';

export const postDetailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'posts/$postId',
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(postQueryOptions(params.postId)),
}).lazy(() => import('./post-detail.lazy').then((page) => page.Route));
