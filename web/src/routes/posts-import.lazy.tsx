import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { CsvImportPage } from '@/features/csv-import/components/csv-import-page';
import { appRoute } from './app-layout';

export const Route = createLazyRoute('/app/posts/import')({
  errorComponent: RouteError,
  component: function PostsImportRouteComponent() {
    const { team } = appRoute.useSearch();
    return team ? <CsvImportPage key={team} teamId={team} /> : null;
  },
});
