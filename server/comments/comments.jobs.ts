import { importCommentsJob } from './import-comments.job';
import { publishCommentJob } from './publish-comment.job';
import { sweepDueCommentsJob } from './sweep-due-comments.job';

export const commentJobs = [publishCommentJob, importCommentsJob, sweepDueCommentsJob];
