/** Connector operations the sandbox can fail or slow down; later capabilities add theirs. */
export const SANDBOX_OPERATIONS = [
  'auth.refresh',
  'profile.fetch',
  'profile.listChannels',
  'messaging.subscribe',
  'messaging.unsubscribe',
  'publishing.publish',
  'publishing.thumbnail',
  'publishing.comment',
  'analytics.account',
  'analytics.post',
  'xActions.repost',
  'xActions.undoRepost',
  'xActions.deleteReply',
] as const;

export type SandboxOperation = (typeof SANDBOX_OPERATIONS)[number];
