import { z } from 'zod';

/**
 * The new-post page's search. `draft`: the draft its first autosave created; the address bar shows
 * that draft's edit page instead (a route mask), so this is seen only when history comes back to it.
 */
export const composerSearch = z.object({
  draft: z.string().min(1).max(64).optional().catch(undefined),
  /** A new post's schedule on the browser's clock (`yyyy-MM-ddTHH:mm`): the calendar's empty slot that was clicked. */
  at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
    .optional()
    .catch(undefined),
});
