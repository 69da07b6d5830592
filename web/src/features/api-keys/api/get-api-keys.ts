import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiKeySchema } from '../../../../../server/api-keys/api-keys.routes';
import { api } from '../../../lib/api-client';

export type ApiKey = z.infer<typeof ApiKeySchema>;
type ApiKeyList = { items: ApiKey[]; total: number };

export function getApiKeys(): Promise<ApiKeyList> {
  return api.get<ApiKeyList>('/api-keys', { query: { limit: 500 } });
}

export const apiKeysQueryKey = ['api-keys'] as const;

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys });

export function useApiKeys() {
  return useSuspenseQuery(apiKeysQueryOptions());
}
