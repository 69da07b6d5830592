import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EmitResultSchema } from '../../../../../server/sandbox/sandbox.schemas';
import { api } from '../../../lib/api-client';
import { sandboxQueryKey } from './get-sandbox-faults';

export type SandboxEmitResult = z.infer<typeof EmitResultSchema>;
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
export type SendSandboxActivityInput = { activity: SandboxActivity; body: Record<string, unknown> };

export function sendSandboxActivity({ activity, body }: SendSandboxActivityInput): Promise<SandboxEmitResult> {
  return api.post<SandboxEmitResult>(SANDBOX_ACTIVITY_PATHS[activity], body);
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
