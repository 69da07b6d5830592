import { importCommentsJob } from './import-comments.job';
import { publishCommentJob } from './publish-comment.job';

export const commentJobs = [publishCommentJob, importCommentsJob];
