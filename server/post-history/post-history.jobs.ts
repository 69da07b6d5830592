import { importPostHistoryJob } from './import-post-history.job';

export const postHistoryJobs = [importPostHistoryJob];
