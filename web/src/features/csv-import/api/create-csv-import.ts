import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '@/lib/api-client';
import { postListsQueryKey } from '@/api/post-query-keys';
import { csvImportQueryKey } from './csv-import-query-keys';
import { sendCsvForm, type CsvForm } from './send-csv-form';

export type CsvImport = ApiAnswer<'/post-csv-import', 'post'>;

export const createCsvImport = (form: CsvForm) => sendCsvForm('/post-csv-import', form) as Promise<CsvImport>;

export function useCreateCsvImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCsvImport,
    meta: { showsError: true },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: csvImportQueryKey }), queryClient.invalidateQueries({ queryKey: postListsQueryKey })]),
  });
}
