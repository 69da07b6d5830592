import { comments } from '../db/schema/comments';
import { sweepDueRows } from '../jobs/due-rows';
import type { AppServices } from '../services';
import { publishCommentJob } from './comments.jobs';

/** Due comments without a live job, and comments whose worker died mid-publish, get a publish job (jobs/due-rows.ts). */
export async function sweepDueComments(services: AppServices): Promise<number> {
  const swept = await sweepDueRows(services, comments, (comment, startAfter) =>
    services.jobs.send(
      publishCommentJob,
      { commentId: comment.id, version: comment.version },
      { startAfter, singletonKey: `sweep:${comment.id}:${comment.version}` },
    ),
  );
  if (swept > 0) services.logger.info('swept due comments', { count: swept });
  return swept;
}
