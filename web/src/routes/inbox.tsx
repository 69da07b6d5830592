import { createRoute } from '@tanstack/react-router';
import { inboxSearch } from '@/features/inbox/lib/inbox-filters';
import { appRoute } from './app-layout';

export const inboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'inbox',
  validateSearch: inboxSearch,
}).lazy(() => import('./inbox.lazy').then((page) => page.Route));
