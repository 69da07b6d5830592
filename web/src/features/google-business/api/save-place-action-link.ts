import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { PlaceActionLinkInput } from '../lib/location-types';
import { placeActionLinksKey } from './location-query-keys';

/** Creates a link, or (with `name`) changes its URL, type and preferred mark. */
export function useSavePlaceActionLink(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, link }: { name?: string; link: PlaceActionLinkInput }) =>
      name
        ? ok(
            api.PATCH('/misc/google-business/location/place-action-links', {
              body: { teamId, name, placeActionLink: link, fields: ['uri', 'placeActionType', 'isPreferred'] },
            }),
          )
        : ok(api.POST('/misc/google-business/location/place-action-links', { body: { teamId, placeActionLink: link } })),
    meta: { showsError: true },
    // Marking one link preferred unmarks the others of its type: the whole list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placeActionLinksKey(teamId) }),
  });
}
