import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, isApiError, ok, setCsrfToken, type ApiSchema } from '@/lib/api-client';

export type Session = ApiSchema<'Session'>;

/** The signed-in user and organization, or null when nobody is signed in. */
export async function getSession(): Promise<Session | null> {
  try {
    const session = await ok(api.GET('/auth/session'));
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (isApiError(error, 401)) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
}

export const sessionQueryKey = ['auth', 'session'] as const;

export const sessionQueryOptions = () => queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 5 * 60_000 });

/** The session or null; null below the auth guard means it just ended (sign-out, expiry). */
export function useSession(): Session | null {
  return useSuspenseQuery(sessionQueryOptions()).data;
}
