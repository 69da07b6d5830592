import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateApiKeyBody, CreatedApiKeySchema } from '../../../../../server/api-keys/api-keys.routes';
import { api } from '../../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

export type CreateApiKeyInput = z.input<typeof CreateApiKeyBody>;
/** The only answer that carries the secret `key`; it is never readable again. */
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return api.post<CreatedApiKey>('/api-keys', input);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
