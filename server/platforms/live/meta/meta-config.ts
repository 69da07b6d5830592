import type { Config } from '../../../config';
import type { LiveHttpClient } from '../live-http';

/** A Meta app as one product knows it: Facebook Login, Instagram Login and Threads each have their own id and secret. */
export type MetaApp = { id: string; secret: string };

/**
 * What the Meta connectors are built from: the apps, the pinned versions and every host they call
 * or send people to (all settings, decision 072), and the one outbound HTTP client.
 */
export type MetaConfig = {
  http: LiveHttpClient;
  /** `META_GRAPH_VERSION`: the Facebook login dialog, graph.facebook.com and graph.instagram.com. */
  graphVersion: string;
  /** `THREADS_API_VERSION`: graph.threads.net has versions of its own. */
  threadsVersion: string;
  /** `ruploadUrl` (`FACEBOOK_RUPLOAD_URL`): where Page reels and video stories hand over their video (decision 074). */
  facebook: { app: MetaApp; graphUrl: string; dialogUrl: string; ruploadUrl: string };
  instagram: { app: MetaApp; authorizeUrl: string; tokenUrl: string; graphUrl: string };
  threads: { app: MetaApp; authorizeUrl: string; graphUrl: string };
  /** `META_WEBHOOK_VERIFY_TOKEN`: Meta's webhooks reach the service; without it Facebook and Instagram are polled (decision 075). */
  webhooksConfigured: boolean;
  /** `META_CONTAINER_WAIT_SECONDS`: how long one publish attempt waits for Meta to process media (decision 074). */
  containerWaitSeconds: number;
  /** `META_HUMAN_AGENT`: the app may tag a person's late reply HUMAN_AGENT (7 days instead of 24 hours, decision 079). */
  humanAgent: boolean;
};

const base = (url: string) => url.replace(/\/+$/, '');

/** The Meta part of the operator's configuration; the credentials a platform needs are required by the configuration when it is live. */
export function metaConfigOf(config: Config, http: LiveHttpClient): MetaConfig {
  return {
    http,
    graphVersion: config.META_GRAPH_VERSION,
    threadsVersion: config.THREADS_API_VERSION,
    facebook: {
      app: { id: config.META_APP_ID ?? '', secret: config.META_APP_SECRET ?? '' },
      graphUrl: base(config.FACEBOOK_GRAPH_URL),
      dialogUrl: base(config.FACEBOOK_DIALOG_URL),
      ruploadUrl: base(config.FACEBOOK_RUPLOAD_URL),
    },
    instagram: {
      app: { id: config.INSTAGRAM_APP_ID ?? '', secret: config.INSTAGRAM_APP_SECRET ?? '' },
      authorizeUrl: base(config.INSTAGRAM_AUTHORIZE_URL),
      tokenUrl: base(config.INSTAGRAM_TOKEN_URL),
      graphUrl: base(config.INSTAGRAM_GRAPH_URL),
    },
    threads: {
      app: { id: config.THREADS_APP_ID ?? '', secret: config.THREADS_APP_SECRET ?? '' },
      authorizeUrl: base(config.THREADS_AUTHORIZE_URL),
      graphUrl: base(config.THREADS_GRAPH_URL),
    },
    webhooksConfigured: !!config.META_WEBHOOK_VERIFY_TOKEN,
    containerWaitSeconds: config.META_CONTAINER_WAIT_SECONDS,
    humanAgent: config.META_HUMAN_AGENT,
  };
}
