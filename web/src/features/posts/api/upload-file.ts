import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DECLARABLE_MIME_TYPES } from '@server/uploads/upload-limits';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { postMultipart, sendWithProgress, type Progress } from '@/lib/send-multipart';
import { uploadsQueryKey, type UploadList } from '@/api/get-uploads';

export type UploadedFile = ApiSchema<'Upload'>;

/** Files above this go through the three-step flow, as the API requires (its multipart limit). */
export const SIMPLE_UPLOAD_MAX_BYTES = 90 * 1024 * 1024;
export const ACCEPTED_TYPES = DECLARABLE_MIME_TYPES.join(',');

/**
 * Sends one file with progress: multipart `/upload/create` up to 90 MB, otherwise the three-step
 * flow (`init`, the signed PUT of the raw bytes, `finalize`), whose PUT reports the progress.
 */
export async function uploadFile({
  file,
  teamId,
  onProgress,
  signal,
}: {
  file: File;
  teamId: string;
  onProgress: Progress;
  signal?: AbortSignal;
}): Promise<UploadedFile> {
  if (file.size <= SIMPLE_UPLOAD_MAX_BYTES) return postMultipart('/upload/create', { teamId, file }, { onProgress, signal });
  const mimeType = (DECLARABLE_MIME_TYPES as readonly string[]).includes(file.type) ? (file.type as (typeof DECLARABLE_MIME_TYPES)[number]) : 'video/mp4';
  const target = await ok(api.POST('/upload/init', { body: { fileName: file.name, mimeType, fileSize: file.size, teamId } }));
  // The signed URL is its own credential: no session headers on the PUT.
  await sendWithProgress('PUT', target.url, file, { 'content-type': mimeType }, onProgress, signal);
  return ok(api.POST('/upload/finalize', { body: { path: target.path, teamId } }));
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    // The library shows each file's failure next to its progress bar.
    meta: { showsError: true },
    onSuccess: (created) => {
      // In the library at once, so the media rules see the file the composer has just attached.
      queryClient.setQueriesData<UploadList>({ queryKey: uploadsQueryKey }, (list) =>
        list ? { items: [{ ...created, posts: [] }, ...list.items], total: list.total + 1 } : list,
      );
      return queryClient.invalidateQueries({ queryKey: uploadsQueryKey });
    },
  });
}
