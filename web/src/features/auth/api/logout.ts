import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, setCsrfToken } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

export async function logout(): Promise<void> {
  await api.post<void>('/auth/logout');
  setCsrfToken(null);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // The signed-in layout sees the null session and leaves for the login page; the next sign-in
    // clears every other cached answer (clearing them now would refetch them while still mounted).
    onSuccess: () => queryClient.setQueryData(sessionQueryKey, null),
  });
}
