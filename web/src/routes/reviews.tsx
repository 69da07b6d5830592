import { createRoute } from '@tanstack/react-router';
import { appRoute } from './app-layout';

export const reviewsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reviews',
}).lazy(() => import('./reviews.lazy').then((page) => page.Route));
