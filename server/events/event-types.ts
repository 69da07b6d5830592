// No imports: the dashboard bundles this list too.

/**
 * Event types and when each is emitted: the one list. Webhook subscriptions, the OpenAPI
 * document and docs/webhooks.md follow it; add a type here and it is subscribable everywhere.
 */
export const EVENT_TYPES = {
  'team.created': 'A team was created',
  'team.updated': 'A team was renamed or its avatar changed',
  'team.deleted': 'A team was deleted with everything it owned',
  'social-account.created': 'A social account was connected to a team',
  'social-account.updated': 'A social account changed (channel, profile, connection state)',
  'social-account.deleted': 'A social account was disconnected or removed',
  'post.published': 'A post went out on a platform',
  'comment.published': 'A comment or reply was published through the service',
  'comment.received': 'A new comment arrived on a post published through the service',
  'review.received':
    'A Google Business review or Facebook recommendation arrived or was edited; `data.rating` (1–5, null when unrated) lets teams route low ratings',
  'review.reply.updated':
    'An owner reply to a review or recommendation was saved or deleted, or the platform moderated it; `data.replyState` is PENDING, APPROVED (live) or REJECTED (with the policy in the review), null once deleted',
  'conversation.created': 'A new conversation started (a first message either way)',
  'conversation.updated': 'A conversation changed: read, archived, reopened, seen by the participant',
  'conversation.message.created': 'A message was stored: incoming, own send, automation send or owner echo',
  'conversation.message.updated': 'A stored message changed: status, edit, unsend or reaction',
} as const satisfies Record<string, string>;

export type EventType = keyof typeof EVENT_TYPES;
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as [EventType, ...EventType[]];
