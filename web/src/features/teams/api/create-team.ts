import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiBody } from '@/lib/api-client';
import { teamsQueryKey, type Team } from './get-teams';

export type CreateTeamInput = ApiBody<'/team', 'post'>;

export function createTeam(input: CreateTeamInput): Promise<Team> {
  return ok(api.POST('/team', { body: input }));
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
