import { useMutation } from '@tanstack/react-query';
import type { ApiAnswer } from '@/lib/api-client';
import { sendCsvForm, type CsvForm } from './send-csv-form';

export type DryRun = ApiAnswer<'/post-csv-import/dry-run', 'post'>;
export type DryRunRow = DryRun['rows'][number];

export const dryRunCsvImport = (form: CsvForm) => sendCsvForm('/post-csv-import/dry-run', form) as Promise<DryRun>;

/** Checks the file row by row; creates nothing, so nothing to invalidate. */
export function useDryRunCsvImport() {
  return useMutation({ mutationFn: dryRunCsvImport, meta: { showsError: true } });
}
