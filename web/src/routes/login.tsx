import { createRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { rootRoute } from './root';
import { safeRedirect } from './safe-redirect';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (session) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
}).lazy(() => import('./login.lazy').then((page) => page.Route));
