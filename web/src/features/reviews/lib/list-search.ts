import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The review list's filters live in the URL: a filtered view survives a reload and can be shared. */
export const reviewListSearch = z.object({
  q: z.string().max(200).optional().catch(undefined),
  /** Star ratings to show, 1 to 5; none means all. */
  rating: z.array(z.number().int().min(1).max(5)).max(5).optional().catch(undefined),
  replied: z.enum(['yes', 'no']).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});

export type ReviewListSearch = z.infer<typeof reviewListSearch>;

export const REVIEW_FILTER_KEYS = ['q', 'rating', 'replied', 'from', 'to'] as const satisfies readonly (keyof ReviewListSearch)[];

export const hasFilters = (search: ReviewListSearch) => REVIEW_FILTER_KEYS.some((key) => search[key] !== undefined && search[key] !== '');

/** The filters as the list endpoints take them: days are the viewer's local days. */
export function reviewFilters(search: ReviewListSearch) {
  return {
    q: search.q?.trim() || undefined,
    ratings: search.rating?.length ? [...search.rating].sort() : undefined,
    replied: search.replied === undefined ? undefined : search.replied === 'yes',
    from: search.from ? new Date(`${search.from}T00:00:00`).toISOString() : undefined,
    to: search.to ? new Date(`${search.to}T23:59:59.999`).toISOString() : undefined,
  };
}

export type ReviewFilters = ReturnType<typeof reviewFilters>;
