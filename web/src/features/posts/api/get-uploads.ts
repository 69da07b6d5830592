import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UploadWithPostsSchema } from '../../../../../server/uploads/uploads.schemas';
import { api } from '../../../lib/api-client';

export type Upload = z.infer<typeof UploadWithPostsSchema>;

/** The team's uploads plus the organization-wide ones, newest first. */
export function getUploads(teamId: string): Promise<{ items: Upload[]; total: number }> {
  return api.get('/upload', { query: { teamId, limit: 200 } });
}

export const uploadsQueryKey = ['uploads'] as const;

export const uploadsQueryOptions = (teamId: string) => queryOptions({ queryKey: [...uploadsQueryKey, teamId], queryFn: () => getUploads(teamId) });

export function useUploads(teamId: string) {
  return useQuery(uploadsQueryOptions(teamId));
}
