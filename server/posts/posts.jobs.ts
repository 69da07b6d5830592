import { firstCommentJob } from './first-comment.job';
import { publishPostJob } from './publish-post.job';
import { sweepDuePostsJob } from './sweep-due-posts.job';

export const postJobs = [publishPostJob, firstCommentJob, sweepDuePostsJob];
