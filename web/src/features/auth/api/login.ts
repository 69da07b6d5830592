import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginBody } from '../../../../../server/auth/auth.routes';
import { api, setCsrfToken } from '../../../lib/api-client';
import { sessionQueryKey, type Session } from './get-session';

export type LoginInput = z.infer<typeof LoginBody>;

export async function login(input: LoginInput): Promise<Session> {
  const session = await api.post<Session>('/auth/login', input);
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
