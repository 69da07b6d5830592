import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SandboxItemBody, SandboxItemSchema } from '../../../../../server/sandbox/sandbox.schemas';
import { api } from '../../../lib/api-client';

export type SandboxItem = z.infer<typeof SandboxItemSchema>;
export type PublishSandboxItemInput = z.input<typeof SandboxItemBody>;

/** A post that exists on the sandbox platform, for comments to land on. */
export function publishSandboxItem(input: PublishSandboxItemInput): Promise<SandboxItem> {
  return api.post<SandboxItem>('/sandbox/items', input);
}

export function usePublishSandboxItem() {
  return useMutation({ mutationFn: publishSandboxItem, meta: { showsError: true } });
}
