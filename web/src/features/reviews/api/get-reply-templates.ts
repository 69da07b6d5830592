import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { replyTemplatesKey } from './review-query-keys';

export type ReplyTemplate = ApiSchema<'ReviewReplyTemplate'>;

export const replyTemplatesQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: replyTemplatesKey(teamId),
    queryFn: async () => (await ok(api.GET('/misc/reviews/reply-templates', { params: { query: { teamId } } }))).items,
    // Templates change only when someone saves one: no refetch on every editor opened.
    staleTime: 5 * 60_000,
  });

export function useReplyTemplates(teamId: string) {
  return useQuery(replyTemplatesQueryOptions(teamId));
}
