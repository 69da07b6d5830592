import { createRoute } from '@tanstack/react-router';
import { csvImportsQueryOptions } from '@/features/csv-import/api/get-csv-imports';
import { appRoute } from './app-layout';

/** `/posts/import`: bulk CSV import of posts (docs/csv-import.md). */
export const postsImportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'posts/import',
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) => (deps.team ? queryClient.ensureQueryData(csvImportsQueryOptions(deps.team)) : undefined),
}).lazy(() => import('./posts-import.lazy').then((page) => page.Route));
