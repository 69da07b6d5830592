import { queryOptions } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';

// Apart from flows.ts: the editor's route loader imports this, and whatever it imports is on the first page (047).

export const flowQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['automations', 'flow', id], queryFn: () => ok(api.GET('/automations/{id}', { params: { path: { id } } })) });
