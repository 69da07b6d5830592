import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';

export type ApiKey = ApiSchema<'ApiKey'>;
type ApiKeyList = ApiSchema<'ApiKeyList'>;

export function getApiKeys(): Promise<ApiKeyList> {
  return ok(api.GET('/api-keys', { params: { query: { limit: 500 } } }));
}

export const apiKeysQueryKey = ['api-keys'] as const;

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys });

export function useApiKeys() {
  return useSuspenseQuery(apiKeysQueryOptions());
}
