import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from './toast';
import { errorMessage, isApiError } from './api-client';

/**
 * Mutations toast their failure unless they say they show it themselves (`meta.showsError`),
 * as forms do next to their fields. Queries show errors where their data would be.
 * A 401 anywhere means the session ended: `onUnauthorized` sends the person to sign in.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }) {
  const handleUnauthorized = (error: unknown) => {
    if (isApiError(error, 401)) onUnauthorized();
  };
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again.
        retry: (failureCount, error) => (!isApiError(error) || error.statusCode >= 500) && failureCount < 2,
      },
    },
    queryCache: new QueryCache({ onError: handleUnauthorized }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        handleUnauthorized(error);
        if (mutation.meta?.showsError) return;
        toast.error(errorMessage(error));
      },
    }),
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { showsError?: boolean };
  }
}
