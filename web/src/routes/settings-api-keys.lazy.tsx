import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { ApiKeysSettings, ApiKeysSkeleton } from '@/features/api-keys/components/api-keys-settings';

export const Route = createLazyRoute('/app/settings/api-keys')({
  pendingComponent: ApiKeysSkeleton,
  errorComponent: RouteError,
  component: ApiKeysSettings,
});
