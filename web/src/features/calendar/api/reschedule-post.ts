import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { calendarPostsQueryKey, postsQueryKey, type Post, type PostPage } from '@/api/post-query-keys';
import { dailyLimitsKey } from '@/api/get-daily-limits';

export function reschedulePost({ id, postDate }: { id: string; postDate: string }): Promise<Post> {
  return ok(api.PATCH('/post/{id}', { params: { path: { id } }, body: { postDate } }));
}

/** Moves the post at once on screen; the API's answer (or refusal) settles it. */
export function useReschedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reschedulePost,
    onMutate: async ({ id, postDate }) => {
      await queryClient.cancelQueries({ queryKey: postsQueryKey });
      const previous = queryClient.getQueriesData<PostPage>({ queryKey: calendarPostsQueryKey });
      queryClient.setQueriesData<PostPage>({ queryKey: calendarPostsQueryKey }, (page) =>
        page ? { ...page, items: page.items.map((post) => (post.id === id ? { ...post, postDate } : post)) } : page,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: postsQueryKey }), queryClient.invalidateQueries({ queryKey: dailyLimitsKey })]),
  });
}
