import { useMutation } from '@tanstack/react-query';
import { api, ok, type ApiAnswer, type ApiBody } from '@/lib/api-client';

export type SandboxItem = ApiAnswer<'/sandbox/items', 'post'>;
export type PublishSandboxItemInput = ApiBody<'/sandbox/items', 'post'>;

/** A post that exists on the sandbox platform, for comments to land on. */
export function publishSandboxItem(input: PublishSandboxItemInput): Promise<SandboxItem> {
  return ok(api.POST('/sandbox/items', { body: input }));
}

export function usePublishSandboxItem() {
  return useMutation({ mutationFn: publishSandboxItem, meta: { showsError: true } });
}
