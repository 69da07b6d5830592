import { useSuspenseQuery } from '@tanstack/react-query';
import { isSettling } from './get-posts';
import { postQueryOptions } from './get-post';

/**
 * The post, kept fresh while it is on screen: live events refresh it when it is published; a short
 * poll covers the moments it changes with no event (a retry under way, a platform failing).
 */
export function usePostLive(id: string) {
  return useSuspenseQuery({ ...postQueryOptions(id), refetchInterval: (query) => (query.state.data && isSettling([query.state.data]) ? 3_000 : false) });
}
