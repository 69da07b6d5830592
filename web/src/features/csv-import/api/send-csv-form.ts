import { API_BASE, currentCsrfToken } from '@/lib/api-client';
import { sendWithProgress } from '@/lib/send-multipart';

export type CsvForm = { file: File; teamId: string; skipRows: number[] };

/** The multipart form both CSV operations take; answers the JSON or throws the API's envelope as an ApiError. */
export async function sendCsvForm(path: '/post-csv-import' | '/post-csv-import/dry-run', { file, teamId, skipRows }: CsvForm): Promise<unknown> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('teamId', teamId);
  if (skipRows.length) form.append('skipRows', skipRows.join(','));
  const token = await currentCsrfToken();
  const headers: Record<string, string> = { accept: 'application/json', ...(token ? { 'x-csrf-token': token } : {}) };
  return sendWithProgress('POST', `${API_BASE}${path}`, form, headers, () => undefined);
}
