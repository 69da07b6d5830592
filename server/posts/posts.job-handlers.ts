import { handleJob } from '../jobs/define-job';
import { firstCommentJob, publishPostJob, sweepDuePostsJob } from './posts.jobs';
import { postFirstComment } from './first-comment.service';
import { publishDuePost } from './publishing.service';
import { sweepDuePosts } from './sweep-due-posts';

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
