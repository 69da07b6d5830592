import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../components/route-error';
import { postQueryOptions, usePost } from '../features/posts/api/get-post';
import { postingAccountsQueryOptions } from '../features/posts/api/get-team-accounts';
import { uploadsQueryOptions } from '../features/posts/api/get-uploads';
import { ComposerPage, ComposerSkeleton } from '../features/posts/components/composer-page';
import { appRoute } from './app-layout';

export const postNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'posts/new',
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) => {
    if (!deps.team) return;
    // The library fills in while the person starts writing.
    void queryClient.prefetchQuery(uploadsQueryOptions(deps.team));
    return queryClient.ensureQueryData(postingAccountsQueryOptions(deps.team));
  },
  pendingComponent: ComposerSkeleton,
  errorComponent: RouteError,
  component: function NewPostRoute() {
    const { team } = postNewRoute.useSearch();
    return team ? <ComposerPage key={team} teamId={team} /> : null;
  },
});

export const postEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'posts/$postId/edit',
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: async ({ context: { queryClient }, deps, params }) => {
    const post = await queryClient.ensureQueryData(postQueryOptions(params.postId));
    void queryClient.prefetchQuery(uploadsQueryOptions(post.teamId));
    await queryClient.ensureQueryData(postingAccountsQueryOptions(post.teamId));
    return deps.team;
  },
  pendingComponent: ComposerSkeleton,
  errorComponent: RouteError,
  component: EditPostRoute,
});

function EditPostRoute() {
  const { postId } = postEditRoute.useParams();
  const { data: post } = usePost(postId);
  // The post belongs to its own team, whatever team the switcher shows.
  return <ComposerPage key={post.id} teamId={post.teamId} post={post} />;
}
