import type { PlatformConnector } from '../../connector';

/**
 * The members the next slices of issue 23 fill in (publishing, actions, comments, messaging,
 * reviews, history, insights, provider settings): null until then, so the routes answer a clear
 * `400` for a live Meta account, as for any platform without them.
 */
export const NOT_YET_LIVE = {
  messaging: null,
  publishing: null,
  actions: null,
  analytics: null,
  xActions: null,
  comments: null,
  reviews: null,
  history: null,
  providerSettings: null,
} satisfies Partial<PlatformConnector>;
