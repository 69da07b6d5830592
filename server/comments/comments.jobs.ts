import { publishCommentJob } from './publish-comment.job';

export const commentJobs = [publishCommentJob];
