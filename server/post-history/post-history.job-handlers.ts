import { handleJob } from '../jobs/define-job';
import { importPostHistoryJob } from './post-history.jobs';
import { runPostHistoryImport } from './post-history.service';

export const postHistoryJobHandlers = [handleJob(importPostHistoryJob, (payload, { services }) => runPostHistoryImport(services, payload.importId))];
