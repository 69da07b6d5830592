import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessagingResultSchema } from '../../../../../server/accounts/accounts.schemas';
import { api } from '../../../lib/api-client';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey } from './get-team-accounts';

export type MessagingResult = z.infer<typeof MessagingResultSchema>;
export type SetMessagingInput = AccountRef & { enabled: boolean };

/** messaging/enable or messaging/disable: one hook, since the card offers one switch for both. */
export function setMessaging({ enabled, ...ref }: SetMessagingInput): Promise<MessagingResult> {
  return api.post<MessagingResult>(`/social-account/messaging/${enabled ? 'enable' : 'disable'}`, ref);
}

export function useSetMessaging() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessaging,
    // A refusal (502) still changes the record (messagingLastError, DISABLE_PENDING): always re-read it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
