import { handleJob } from '../jobs/define-job';
import { refreshAccountAnalyticsJob, refreshPostAnalyticsJob, sweepDueAnalyticsJob } from './analytics.jobs';
import { refreshAccountInBackground, refreshImportedPostInBackground, refreshPostInBackground, sweepDueAnalytics } from './background-refresh';

export const analyticsJobHandlers = [
  handleJob(sweepDueAnalyticsJob, async (_payload, { services }) => {
    const due = await sweepDueAnalytics(services);
    if (due.accounts + due.posts > 0) services.logger.info('analytics refreshes queued', due);
  }),
  handleJob(refreshAccountAnalyticsJob, (payload, { services }) => refreshAccountInBackground(services, payload.socialAccountId)),
  handleJob(refreshPostAnalyticsJob, (payload, { services }) =>
    'postTargetId' in payload ? refreshPostInBackground(services, payload.postTargetId) : refreshImportedPostInBackground(services, payload.profilePostId),
  ),
];
