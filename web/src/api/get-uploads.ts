// Shared by the post composer's media library and the inbox composer's attachment picker.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';

export type UploadList = ApiSchema<'UploadList'>;
export type Upload = UploadList['items'][number];

/** The team's uploads plus the organization-wide ones, newest first. */
export function getUploads(teamId: string): Promise<UploadList> {
  return ok(api.GET('/upload', { params: { query: { teamId, limit: 200 } } }));
}

export const uploadsQueryKey = ['uploads'] as const;

export const uploadsQueryOptions = (teamId: string) => queryOptions({ queryKey: [...uploadsQueryKey, teamId], queryFn: () => getUploads(teamId) });

export function useUploads(teamId: string) {
  return useQuery(uploadsQueryOptions(teamId));
}
