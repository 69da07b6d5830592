import { registerLiveInvalidation } from '@/lib/live-events';

// Shared by the inbox and the flow builder's test panel (which picks a conversation to test in).

/** Every inbox query key comes from here, so live events and mutations invalidate by prefix. */
export const inboxQueryKey = ['inbox'] as const;
export const conversationListsQueryKey = [...inboxQueryKey, 'conversations'] as const;
export const conversationQueryKey = (id: string) => [...inboxQueryKey, 'conversation', id] as const;
export const messagesQueryKey = (conversationId: string) => [...inboxQueryKey, 'messages', conversationId] as const;

// Any conversation event may move a row, change a count or a thread: what is on screen is read
// again (inactive queries are only marked stale). Registered once, when a chunk using it loads.
registerLiveInvalidation('conversation.*', () => [inboxQueryKey]);
