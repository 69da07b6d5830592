import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, setCsrfToken, type ApiSchema } from '@/lib/api-client';
import { sessionQueryKey, type Session } from './get-session';

export type LoginInput = ApiSchema<'Login'>;

export async function login(input: LoginInput): Promise<Session> {
  const session = await ok(api.POST('/auth/login', { body: input }));
  setCsrfToken(session.csrfToken);
  return session;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { showsError: true },
    onSuccess: (session) => {
      // Whatever another user of this browser had cached must not show through.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
