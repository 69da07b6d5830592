/** Every inbox query key comes from here, so live events and mutations invalidate by prefix. */
export const inboxQueryKey = ['inbox'] as const;
export const conversationListsQueryKey = [...inboxQueryKey, 'conversations'] as const;
export const conversationQueryKey = (id: string) => [...inboxQueryKey, 'conversation', id] as const;
export const messagesQueryKey = (conversationId: string) => [...inboxQueryKey, 'messages', conversationId] as const;
