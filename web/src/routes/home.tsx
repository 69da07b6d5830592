import { createRoute, redirect } from '@tanstack/react-router';
import { appRoute } from './app-layout';

export const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/posts', replace: true });
  },
});
