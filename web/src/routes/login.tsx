import { createRoute, redirect, useRouter } from '@tanstack/react-router';
import { z } from 'zod';
import { sessionQueryOptions } from '../features/auth/api/get-session';
import { LoginPage } from '../features/auth/components/login-page';
import { rootRoute } from './root';

/** Only paths of this dashboard, so a crafted link cannot send a person elsewhere after sign-in. */
export function safeRedirect(target: string | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
}

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (session) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: LoginRouteComponent,
});

function LoginRouteComponent() {
  const router = useRouter();
  const { redirect: target } = loginRoute.useSearch();
  return <LoginPage onSignedIn={() => router.history.replace(safeRedirect(target))} />;
}
