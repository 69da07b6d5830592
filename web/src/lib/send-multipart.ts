import { API_BASE, apiErrorFrom, currentCsrfToken } from './api-client';
import type { paths } from './api-schema.gen';

export type Progress = (fraction: number) => void;

/** The API paths whose POST takes `multipart/form-data`, with the fields and the answer the document gives. */
type MultipartPost = {
  [Path in keyof paths]: paths[Path]['post'] extends {
    requestBody: { content: { 'multipart/form-data': infer Fields } };
    responses: { 200: { content: { 'application/json': infer Answer } } };
  }
    ? { path: Path; fields: Fields; answer: Answer }
    : never;
}[keyof paths];

type FieldValue = string | Blob;

/**
 * POSTs a form to the API with upload progress: openapi-fetch sends through fetch, which does
 * not report progress, so this one call goes through XMLHttpRequest with the same CSRF header
 * and error envelope as the typed client.
 */
export async function postMultipart<Path extends MultipartPost['path']>(
  path: Path,
  fields: { [Name in keyof Extract<MultipartPost, { path: Path }>['fields']]: FieldValue | undefined },
  { onProgress, signal }: { onProgress: Progress; signal?: AbortSignal },
): Promise<Extract<MultipartPost, { path: Path }>['answer']> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as Record<string, FieldValue | undefined>)) {
    if (value === undefined) continue;
    if (value instanceof File) form.append(name, value, value.name);
    else form.append(name, value);
  }
  const token = await currentCsrfToken();
  const headers: Record<string, string> = { accept: 'application/json', ...(token ? { 'x-csrf-token': token } : {}) };
  // The declared return type is the route's answer; with several multipart routes TS cannot narrow a cast to it.
  return (await sendWithProgress('POST', `${API_BASE}${path}`, form, headers, onProgress, signal)) as never;
}

/** One request with upload progress; rejects with an ApiError from the envelope, or a TypeError when the network fails. */
export function sendWithProgress(
  method: 'POST' | 'PUT',
  url: string,
  body: XMLHttpRequestBodyInit,
  headers: Record<string, string>,
  onProgress: Progress,
  signal?: AbortSignal,
) {
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
      reject(apiErrorFrom(xhr.status, xhr.statusText || 'Upload failed', parsed));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
