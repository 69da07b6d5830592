import { handleJob } from '../jobs/define-job';
import { runCommentImport } from './comment-imports.service';
import { publishDueComment } from './comment-publishing.service';
import { importCommentsJob } from './import-comments.job';
import { publishCommentJob } from './publish-comment.job';

export const commentJobHandlers = [
  handleJob(publishCommentJob, (payload, { services, jobId }) => publishDueComment(services, { ...payload, jobId })),
  handleJob(importCommentsJob, (payload, { services }) => runCommentImport(services, payload.importId)),
];
