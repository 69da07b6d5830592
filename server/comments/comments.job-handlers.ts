import { handleJob } from '../jobs/define-job';
import { failCommentImportAfterRetries, runCommentImport } from './comment-imports.service';
import { publishDueComment } from './comment-publishing.service';
import { importCommentsJob, publishCommentJob, sweepDueCommentsJob } from './comments.jobs';
import { sweepDueComments } from './sweep-due-comments';

export const commentJobHandlers = [
  handleJob(publishCommentJob, (payload, { services, jobId }) => publishDueComment(services, { ...payload, jobId })),
  handleJob(importCommentsJob, (payload, { services }) => runCommentImport(services, payload.importId), {
    afterLastAttempt: (payload, error, { services }) => failCommentImportAfterRetries(services.db, payload.importId, error),
  }),
  handleJob(
    sweepDueCommentsJob,
    async (_payload, { services }) => {
      await sweepDueComments(services);
    },
    // A worker that starts picks up what a stopped or crashed one left behind, without waiting a minute.
    {
      async atWorkerStart({ services }) {
        await sweepDueComments(services);
      },
    },
  ),
];
