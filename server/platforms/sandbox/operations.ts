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
  'actions.editPost',
  'actions.deletePost',
  'actions.editComment',
  'actions.deleteComment',
  'lookups.youtubeCategories',
  'lookups.youtubeRegions',
  'lookups.subredditFlairs',
  'lookups.subredditRequirements',
  'lookups.instagramLocations',
  'lookups.instagramBusiness',
  'lookups.linkedinMentions',
  'lookups.facebookPages',
  'analytics.account',
  'analytics.post',
  'xActions.repost',
  'xActions.undoRepost',
  'xActions.deleteReply',
  /** The platform stored the comment but its answer is lost (a timeout): retries must not duplicate it. */
  'publishing.comment.response',
  'comments.list',
  'comments.act',
] as const;

export type SandboxOperation = (typeof SANDBOX_OPERATIONS)[number];
