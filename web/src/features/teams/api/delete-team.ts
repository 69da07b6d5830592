import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { teamsQueryKey, type Team } from './get-teams';

export function deleteTeam(id: string): Promise<Team> {
  return ok(api.DELETE('/team/{id}', { params: { path: { id } } }));
}

/** Deleting the last team is refused by the API (409); the shared mutation handler toasts its message. */
export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
