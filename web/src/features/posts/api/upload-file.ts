import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InitUploadResponse, UploadSchema } from '../../../../../server/uploads/uploads.schemas';
import { DECLARABLE_MIME_TYPES } from '../../../../../server/uploads/upload-limits';
import { API_BASE, api, ApiError } from '../../../lib/api-client';
import { uploadsQueryKey, type Upload } from './get-uploads';

export type UploadedFile = z.infer<typeof UploadSchema>;

/** Files above this go through the three-step flow, as the API requires (its multipart limit). */
export const SIMPLE_UPLOAD_MAX_BYTES = 90 * 1024 * 1024;
export const ACCEPTED_TYPES = DECLARABLE_MIME_TYPES.join(',');

type Progress = (fraction: number) => void;

// XMLHttpRequest, not fetch: only it reports upload progress.
function send(method: 'POST' | 'PUT', url: string, body: XMLHttpRequestBodyInit, headers: Record<string, string>, onProgress: Progress, signal?: AbortSignal) {
  return new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const parsed: unknown = (() => {
        try {
          return xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          return null;
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300) return resolve(parsed);
      const message = parsed && typeof parsed === 'object' && 'message' in parsed ? String(parsed.message) : `Upload failed (${xhr.status})`;
      reject(new ApiError(xhr.status, message));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

async function csrfToken(): Promise<string> {
  return (await api.get<{ csrfToken: string }>('/auth/session')).csrfToken;
}

/**
 * Sends one file with progress: multipart `/upload/create` up to 90 MB, otherwise the three-step
 * flow (`init`, the signed PUT of the raw bytes, `finalize`), whose PUT reports the progress.
 */
export async function uploadFile({ file, teamId, onProgress, signal }: { file: File; teamId: string; onProgress: Progress; signal?: AbortSignal }): Promise<UploadedFile> {
  const headers = { accept: 'application/json', 'x-csrf-token': await csrfToken() };
  if (file.size <= SIMPLE_UPLOAD_MAX_BYTES) {
    const form = new FormData();
    form.append('teamId', teamId);
    form.append('file', file, file.name);
    return (await send('POST', `${API_BASE}/upload/create`, form, headers, onProgress, signal)) as UploadedFile;
  }
  const mimeType = (DECLARABLE_MIME_TYPES as readonly string[]).includes(file.type) ? file.type : 'video/mp4';
  const target = await api.post<z.infer<typeof InitUploadResponse>>('/upload/init', { fileName: file.name, mimeType, fileSize: file.size, teamId });
  // The signed URL is its own credential: no session headers on the PUT.
  await send('PUT', target.url, file, { 'content-type': mimeType }, onProgress, signal);
  return api.post<UploadedFile>('/upload/finalize', { path: target.path, teamId });
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    // The library shows each file's failure next to its progress bar.
    meta: { showsError: true },
    onSuccess: (created) => {
      // In the library at once, so the media rules see the file the composer has just attached.
      queryClient.setQueriesData<{ items: Upload[]; total: number }>({ queryKey: uploadsQueryKey }, (list) =>
        list ? { items: [{ ...created, posts: [] }, ...list.items], total: list.total + 1 } : list,
      );
      return queryClient.invalidateQueries({ queryKey: uploadsQueryKey });
    },
  });
}
