import type { LocalReceiver } from '../../test-kit/local-receiver';
import { containerRoutes } from './container-routes';
import { pagePublishingRoutes } from './page-publishing-routes';
import type { MetaWorld } from './stand-in-world';

/**
 * The publishing slice's endpoints (decision 074): Instagram and Threads containers, a Page's
 * photos, posts, videos, reels and stories, first comments, and the resumable upload host. Routes
 * on shared paths (`/{object-id}`) answer only for the objects `world.publishing` made.
 */
export function publishingRoutes(
  hosts: { facebook: LocalReceiver; instagram: LocalReceiver; threads: LocalReceiver; rupload: LocalReceiver },
  world: MetaWorld,
  versions: { graph: string; threads: string },
): void {
  containerRoutes(hosts, world, versions.graph, versions.threads);
  pagePublishingRoutes(hosts, world, versions.graph);
}
