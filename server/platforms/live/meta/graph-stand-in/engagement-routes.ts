import type { LocalReceiver } from '../../test-kit/local-receiver';
import { commentRoutes } from './comment-routes';
import { insightsRoutes } from './insights-routes';
import { mediaRoutes } from './media-routes';
import { messengerProfileRoutes } from './messenger-profile-routes';
import { ratingsRoutes } from './ratings-routes';
import type { MetaWorld } from './stand-in-world';

/**
 * The reading slice's endpoints (decision 076) on the three Graph hosts: media and post listings,
 * comments and their moderation, insights, the Messenger profile, Page recommendations. Routes on
 * `/{object-id}` answer only for the objects `world.engagement` keeps and let other routes answer
 * the rest (the connect slice's Pages and Instagram accounts).
 */
export function engagementRoutes(
  hosts: { facebook: LocalReceiver; instagram: LocalReceiver; threads: LocalReceiver },
  world: MetaWorld,
  versions: { graph: string; threads: string },
): void {
  mediaRoutes(hosts, world, versions.graph, versions.threads);
  commentRoutes(hosts, world, versions.graph, versions.threads);
  insightsRoutes(hosts, world, versions.graph, versions.threads);
  messengerProfileRoutes(hosts, world, versions.graph);
  ratingsRoutes(hosts.facebook, world, versions.graph);
}
