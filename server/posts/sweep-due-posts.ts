import { posts } from '../db/schema/posts';
import { sweepDueRows } from '../jobs/due-rows';
import type { AppServices } from '../services';
import { publishPostJob } from './posts.jobs';

/** Due posts without a live job, and posts whose worker died mid-publish, get a publish job (jobs/due-rows.ts). */
export async function sweepDuePosts(services: AppServices): Promise<number> {
  const swept = await sweepDueRows(services, posts, (post, startAfter) =>
    services.jobs.send(publishPostJob, { postId: post.id, version: post.version }, { startAfter, singletonKey: `sweep:${post.id}:${post.version}` }),
  );
  if (swept > 0) services.logger.info('swept due posts', { count: swept });
  return swept;
}
