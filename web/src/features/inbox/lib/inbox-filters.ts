import { z } from 'zod';

/** The inbox's URL search: the open conversation and the list's filters, so a link shows the same view. */
export const inboxSearch = z.object({
  conversation: z.string().min(1).optional().catch(undefined),
  platform: z.enum(['INSTAGRAM', 'FACEBOOK']).optional().catch(undefined),
  account: z.string().min(1).optional().catch(undefined),
  status: z.enum(['OPEN', 'ARCHIVED']).default('OPEN').catch('OPEN'),
  unread: z.boolean().optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
});

export type InboxSearch = z.infer<typeof inboxSearch>;
export type InboxFilters = Omit<InboxSearch, 'conversation'>;

export function filtersOf({ conversation: _conversation, ...filters }: InboxSearch): InboxFilters {
  return filters;
}
