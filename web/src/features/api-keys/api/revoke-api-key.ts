import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { apiKeysQueryKey, type ApiKey } from './get-api-keys';

export function revokeApiKey(id: string): Promise<ApiKey> {
  return ok(api.DELETE('/api-keys/{id}', { params: { path: { id } } }));
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
