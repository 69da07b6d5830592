import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ConnectBody } from '../../../../../server/accounts/accounts.schemas';
import { api } from '../../../lib/api-client';

export type ConnectAccountInput = z.input<typeof ConnectBody>;

/** Opens a consent request at the platform; the answer is the page to send the browser to. */
export function connectAccount(input: ConnectAccountInput): Promise<{ url: string }> {
  return api.post<{ url: string }>('/social-account/connect', input);
}

export function useConnectAccount() {
  return useMutation({ mutationFn: connectAccount });
}
