import { handleJob } from '../jobs/define-job';
import { publishDueComment } from './comment-publishing.service';
import { publishCommentJob } from './publish-comment.job';

export const commentJobHandlers = [handleJob(publishCommentJob, (payload, { services, jobId }) => publishDueComment(services, { ...payload, jobId }))];
