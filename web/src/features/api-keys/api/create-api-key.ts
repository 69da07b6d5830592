import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiAnswer, type ApiBody } from '@/lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

export type CreateApiKeyInput = ApiBody<'/api-keys', 'post'>;
/** The only answer that carries the secret `key`; it is never readable again. */
export type CreatedApiKey = ApiAnswer<'/api-keys', 'post'>;

export function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return ok(api.POST('/api-keys', { body: input }));
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
