import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, setCsrfToken } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

/** `everywhere` ends every session of the user (other browsers, a lost laptop), this one included. */
export async function logout(everywhere = false): Promise<void> {
  await ok(everywhere ? api.POST('/auth/logout-everywhere') : api.POST('/auth/logout'));
  setCsrfToken(null);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (everywhere?: boolean) => logout(everywhere),
    // The signed-in layout sees the null session and leaves for the login page; the next sign-in
    // clears every other cached answer (clearing them now would refetch them while still mounted).
    onSuccess: () => queryClient.setQueryData(sessionQueryKey, null),
  });
}
