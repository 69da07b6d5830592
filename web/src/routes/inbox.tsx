import { createRoute } from '@tanstack/react-router';
import { appRoute } from './app-layout';

export const inboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'inbox',
}).lazy(() => import('./inbox.lazy').then((page) => page.Route));
