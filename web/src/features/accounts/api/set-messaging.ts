import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessagingBody } from '@server/accounts/accounts.schemas';
import { api, ok, type ApiBody, type ApiSchema } from '@/lib/api-client';
import { checkedBody } from '@/lib/checked-body';
import type { AccountRef } from './disconnect-account';
import { accountsQueryKey } from '@/api/get-team-accounts';

export type MessagingResult = ApiSchema<'MessagingStatusResult'>;
export type SetMessagingInput = AccountRef & { enabled: boolean };

/** messaging/enable or messaging/disable: one hook, since the card offers one switch for both. */
export function setMessaging({ enabled, ...ref }: SetMessagingInput): Promise<MessagingResult> {
  return ok(
    api.POST(enabled ? '/social-account/messaging/enable' : '/social-account/messaging/disable', {
      body: checkedBody<ApiBody<'/social-account/messaging/enable', 'post'>>(MessagingBody, ref),
    }),
  );
}

export function useSetMessaging() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessaging,
    // A refusal (502) still changes the record (messagingLastError, DISABLE_PENDING): always re-read it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
