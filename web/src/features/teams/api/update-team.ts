import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UpdateTeamBody } from '../../../../../server/teams/teams.schemas';
import { api } from '../../../lib/api-client';
import { teamsQueryKey, type Team } from './get-teams';

export type UpdateTeamInput = { id: string; changes: z.input<typeof UpdateTeamBody> };

export function updateTeam({ id, changes }: UpdateTeamInput): Promise<Team> {
  return api.patch<Team>(`/team/${encodeURIComponent(id)}`, changes);
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
