import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../components/route-error';
import { apiKeysQueryOptions } from '../features/api-keys/api/get-api-keys';
import { ApiKeysSettings, ApiKeysSkeleton } from '../features/api-keys/components/api-keys-settings';
import { settingsRoute } from './settings';

export const settingsApiKeysRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'api-keys',
  loader: ({ context }) => context.queryClient.ensureQueryData(apiKeysQueryOptions()),
  pendingComponent: ApiKeysSkeleton,
  errorComponent: RouteError,
  component: ApiKeysSettings,
});
