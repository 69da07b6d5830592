import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiAnswer, type ApiBody } from '@/lib/api-client';
import { sandboxQueryKey } from './get-sandbox-faults';

export type SandboxEmitResult = ApiAnswer<'/sandbox/inbound/message', 'post'>;
export type InboundEvent = SandboxEmitResult['items'][number];

/** What a sandbox platform can be made to send, and the control API path of each. */
export const SANDBOX_ACTIVITY_PATHS = {
  message: '/sandbox/inbound/message',
  comment: '/sandbox/inbound/comment',
  postback: '/sandbox/inbound/postback',
  reaction: '/sandbox/inbound/reaction',
  read: '/sandbox/inbound/read',
  echo: '/sandbox/inbound/echo',
  review: '/sandbox/inbound/review',
} as const;

export type SandboxActivity = keyof typeof SANDBOX_ACTIVITY_PATHS;
export type SandboxActivityBody<Activity extends SandboxActivity> = ApiBody<(typeof SANDBOX_ACTIVITY_PATHS)[Activity], 'post'>;
export type SendSandboxActivityInput = { [Activity in SandboxActivity]: { activity: Activity; body: SandboxActivityBody<Activity> } }[SandboxActivity];

export function sendSandboxActivity({ activity, body }: SendSandboxActivityInput): Promise<SandboxEmitResult> {
  // The input type pairs each activity with its body; TypeScript cannot follow that pairing through
  // the path lookup, so the call is checked against the message route's shape, which all seven share.
  return ok(api.POST(SANDBOX_ACTIVITY_PATHS[activity] as '/sandbox/inbound/message', { body: body as SandboxActivityBody<'message'> }));
}

export function useSendSandboxActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSandboxActivity,
    // The panel shows the answer, failures included, next to the form.
    meta: { showsError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sandboxQueryKey }),
  });
}
