import { useMutation } from '@tanstack/react-query';
import { api, ok, type ApiBody } from '@/lib/api-client';

export type ConnectAccountInput = ApiBody<'/social-account/connect', 'post'>;

/** Opens a consent request at the platform; the answer is the page to send the browser to. */
export function connectAccount(input: ConnectAccountInput) {
  return ok(api.POST('/social-account/connect', { body: input }));
}

export function useConnectAccount() {
  return useMutation({ mutationFn: connectAccount });
}
