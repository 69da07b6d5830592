import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { placeActionLinksKey } from './location-query-keys';

export function useDeletePlaceActionLink(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => ok(api.DELETE('/misc/google-business/location/place-action-links', { body: { teamId, name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placeActionLinksKey(teamId) }),
  });
}
