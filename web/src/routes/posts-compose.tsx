import { createRoute } from '@tanstack/react-router';
import { postQueryOptions } from '@/features/posts/api/get-post';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { uploadsQueryOptions } from '@/api/get-uploads';
import { composerSearch } from '@/features/posts/lib/composer-search';
import { appRoute } from './app-layout';

export const postNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'posts/new',
  validateSearch: composerSearch,
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) => {
    if (!deps.team) return;
    // The library fills in while the person starts writing.
    void queryClient.prefetchQuery(uploadsQueryOptions(deps.team));
    return queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team));
  },
}).lazy(() => import('./posts-compose.lazy').then((page) => page.NewPostRoute));

export const postEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'posts/$postId/edit',
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: async ({ context: { queryClient }, deps, params }) => {
    const post = await queryClient.ensureQueryData(postQueryOptions(params.postId));
    void queryClient.prefetchQuery(uploadsQueryOptions(post.teamId));
    await queryClient.ensureQueryData(teamAccountsQueryOptions(post.teamId));
    return deps.team;
  },
}).lazy(() => import('./posts-compose.lazy').then((page) => page.EditPostRoute));
