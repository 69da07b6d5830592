import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsRootKey, type CalendarPost } from './get-calendar-posts';
import { dailyLimitsKey } from './get-daily-limits';

export function reschedulePost({ id, postDate }: { id: string; postDate: string }): Promise<CalendarPost> {
  return api.patch<CalendarPost>(`/post/${encodeURIComponent(id)}`, { postDate });
}

type Page = { items: CalendarPost[]; total: number };

/** Moves the post at once on screen; the API's answer (or refusal) settles it. */
export function useReschedulePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reschedulePost,
    onMutate: async ({ id, postDate }) => {
      await queryClient.cancelQueries({ queryKey: postsRootKey });
      const previous = queryClient.getQueriesData<Page>({ queryKey: [...postsRootKey, 'calendar'] });
      queryClient.setQueriesData<Page>({ queryKey: [...postsRootKey, 'calendar'] }, (page) =>
        page ? { ...page, items: page.items.map((post) => (post.id === id ? { ...post, postDate } : post)) } : page,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: postsRootKey }), queryClient.invalidateQueries({ queryKey: dailyLimitsKey })]),
  });
}
