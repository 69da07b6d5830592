import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateTeamBody } from '../../../../../server/teams/teams.schemas';
import { api } from '../../../lib/api-client';
import { teamsQueryKey, type Team } from './get-teams';

export type CreateTeamInput = z.input<typeof CreateTeamBody>;

export function createTeam(input: CreateTeamInput): Promise<Team> {
  return api.post<Team>('/team', input);
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    meta: { showsError: true },
    // Returned so the mutation stays pending until the list includes the new team (the switcher needs it).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
