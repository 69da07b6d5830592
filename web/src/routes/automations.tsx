import { createRoute } from '@tanstack/react-router';
import { appRoute } from './app-layout';

export const automationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'automations',
}).lazy(() => import('./automations.lazy').then((page) => page.Route));
