import { handleJob } from '../jobs/define-job';
import { firstCommentJob } from './first-comment.job';
import { postFirstComment } from './first-comment.service';
import { publishPostJob } from './publish-post.job';
import { publishDuePost } from './publishing.service';
import { sweepDuePosts } from './sweep-due-posts';
import { sweepDuePostsJob } from './sweep-due-posts.job';

export const postJobHandlers = [
  handleJob(publishPostJob, (payload, { services, jobId }) => publishDuePost(services, { ...payload, jobId })),
  handleJob(firstCommentJob, (payload, { services }) => postFirstComment(services, payload.targetId)),
  handleJob(
    sweepDuePostsJob,
    async (_payload, { services }) => {
      await sweepDuePosts(services);
    },
    // A worker that starts picks up what a stopped or crashed one left behind, without waiting a minute.
    {
      async atWorkerStart({ services }) {
        await sweepDuePosts(services);
      },
    },
  ),
];
