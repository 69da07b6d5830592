import { handleJob } from '../jobs/define-job';
import { importPostHistoryJob } from './import-post-history.job';
import { runPostHistoryImport } from './post-history.service';

export const postHistoryJobHandlers = [handleJob(importPostHistoryJob, (payload, { services }) => runPostHistoryImport(services, payload.importId))];
