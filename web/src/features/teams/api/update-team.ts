import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiBody } from '@/lib/api-client';
import { teamsQueryKey, type Team } from './get-teams';

export type UpdateTeamInput = { id: string; changes: ApiBody<'/team/{id}', 'patch'> };

export function updateTeam({ id, changes }: UpdateTeamInput): Promise<Team> {
  return ok(api.PATCH('/team/{id}', { params: { path: { id } }, body: changes }));
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
