import { createRoute } from '@tanstack/react-router';
import { apiKeysQueryOptions } from '@/features/api-keys/api/get-api-keys';
import { settingsRoute } from './settings';

export const settingsApiKeysRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'api-keys',
  loader: ({ context }) => context.queryClient.ensureQueryData(apiKeysQueryOptions()),
}).lazy(() => import('./settings-api-keys.lazy').then((page) => page.Route));
