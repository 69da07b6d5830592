import { handleJob } from '../jobs/define-job';
import { importPostCsvJob } from './post-csv-import.jobs';
import { failCsvImport, runCsvImport } from './post-csv-import.service';

export const postCsvImportJobHandlers = [
  handleJob(importPostCsvJob, (payload, { services }) => runCsvImport(services, payload.importId), {
    afterLastAttempt: (payload, error, { services }) => failCsvImport(services, payload.importId, error),
  }),
];
