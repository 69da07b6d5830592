import { createLazyRoute, useRouter } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { safeRedirect } from './safe-redirect';

export const Route = createLazyRoute('/login')({ component: LoginRouteComponent });

function LoginRouteComponent() {
  const router = useRouter();
  const { redirect: target } = Route.useSearch();
  return <LoginPage onSignedIn={() => router.history.replace(safeRedirect(target))} />;
}
