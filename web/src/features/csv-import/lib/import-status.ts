import type { ApiSchema } from '@/lib/api-client';

export type CsvImportStatus = ApiSchema<'PostCsvImport'>['status'];

export const isRunning = (status: CsvImportStatus) => status === 'PENDING' || status === 'PROCESSING' || status === 'RATE_LIMITED';

export const STATUS_LABEL: Record<CsvImportStatus, string> = {
  PENDING: 'Waiting',
  PROCESSING: 'Importing',
  COMPLETED: 'Imported',
  COMPLETED_WITH_ERRORS: 'Imported with errors',
  FAILED: 'Failed',
  RATE_LIMITED: 'Paused (rate limit)',
};

export const STATUS_TONE: Record<CsvImportStatus, 'neutral' | 'accent' | 'success' | 'danger' | 'warning'> = {
  PENDING: 'neutral',
  PROCESSING: 'accent',
  COMPLETED: 'success',
  COMPLETED_WITH_ERRORS: 'warning',
  FAILED: 'danger',
  RATE_LIMITED: 'warning',
};
