import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { postRepliesQueryKey } from '@/api/comment-query-keys';

export type ServiceComment = ApiSchema<'Comment'>;

const ACTIVE: ServiceComment['status'][] = ['SCHEDULED', 'PROCESSING', 'RETRYING'];

/** The comments the service writes on the post (replies sent from this page among them), newest first. */
export function getPostReplies(teamId: string, postId: string) {
  return ok(api.GET('/comment', { params: { query: { teamId, postId, limit: 500 } } }));
}

export const postRepliesQueryOptions = (teamId: string, postId: string) =>
  queryOptions({
    queryKey: postRepliesQueryKey(postId),
    queryFn: () => getPostReplies(teamId, postId),
    // `comment.published` announces success; a failure has no event, so a reply on its way is polled.
    refetchInterval: (query) => (query.state.data?.items.some((comment) => ACTIVE.includes(comment.status)) ? 2_000 : false),
  });

export function usePostReplies(teamId: string, postId: string) {
  return useQuery(postRepliesQueryOptions(teamId, postId));
}
