import { z } from 'zod';
import { POST_PLATFORMS } from '@server/platforms/platform-types';
import { POST_STATUSES } from '@server/posts/shared/post-statuses';
import type { PostFilters } from '../api/get-posts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The posts page's filters live in the URL, so a filtered view can be shared and survives a reload. */
export const postListSearch = z.object({
  q: z.string().max(200).optional().catch(undefined),
  status: z.enum(POST_STATUSES).optional().catch(undefined),
  platforms: z.array(z.enum(POST_PLATFORMS)).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  page: z.number().int().min(1).optional().catch(undefined),
});

export type PostListSearch = z.infer<typeof postListSearch>;

export const PAGE_SIZE = 20;

/** The URL's filters as the list endpoint's query; days are the viewer's local days. */
export function filtersFromSearch(teamId: string, search: PostListSearch): PostFilters {
  return {
    teamId,
    q: search.q?.trim() || undefined,
    status: search.status,
    platforms: search.platforms,
    postDateFrom: search.from ? new Date(`${search.from}T00:00:00`).toISOString() : undefined,
    postDateTo: search.to ? new Date(`${search.to}T23:59:59.999`).toISOString() : undefined,
    orderBy: 'postDate',
    order: 'DESC',
    offset: ((search.page ?? 1) - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
}

export const hasFilters = (search: PostListSearch) => !!(search.q || search.status || search.platforms?.length || search.from || search.to);

/** `GET /post/export.csv` with the list's filters (every matching post, not a page): the "Download CSV" link. */
export function exportCsvHref(teamId: string, search: PostListSearch): string {
  const { offset: _offset, limit: _limit, platforms, ...filters } = filtersFromSearch(teamId, search);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) query.set(name, String(value));
  if (platforms?.length) query.set('platforms', platforms.join(','));
  return `/api/v1/post/export.csv?${query.toString()}`;
}
