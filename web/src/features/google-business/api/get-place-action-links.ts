import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { PlaceActionLink } from '../lib/location-types';
import { placeActionLinksKey } from './location-query-keys';

/** Every place action link of the location (pages of 100 until Google says there are no more). */
export async function getPlaceActionLinks(teamId: string): Promise<PlaceActionLink[]> {
  const links: PlaceActionLink[] = [];
  let pageToken: string | undefined;
  do {
    const page = await ok(api.GET('/misc/google-business/location/place-action-links', { params: { query: { teamId, pageSize: 100, pageToken } } }));
    links.push(...(page.placeActionLinks ?? []));
    pageToken = page.nextPageToken;
  } while (pageToken);
  return links;
}

export const placeActionLinksQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: placeActionLinksKey(teamId), queryFn: () => getPlaceActionLinks(teamId), retry: false });

export function usePlaceActionLinks(teamId: string) {
  return useQuery(placeActionLinksQueryOptions(teamId));
}
