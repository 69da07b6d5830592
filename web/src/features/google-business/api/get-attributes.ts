import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { AttributeMeta, GbpAttribute } from '../lib/location-types';
import { locationAttributesKey } from './location-query-keys';

export type LocationAttributes = { available: AttributeMeta[]; current: GbpAttribute[] };

/** What Google offers this location (`attributes/available`, every page) and what it has set. */
export async function getLocationAttributes(teamId: string): Promise<LocationAttributes> {
  const available: AttributeMeta[] = [];
  let pageToken: string | undefined;
  do {
    const page = await ok(api.GET('/misc/google-business/location/attributes/available', { params: { query: { teamId, pageSize: 200, pageToken } } }));
    available.push(...(page.attributes as AttributeMeta[]));
    pageToken = page.nextPageToken;
  } while (pageToken);
  const current = await ok(api.GET('/misc/google-business/location/attributes', { params: { query: { teamId } } }));
  return { available: available.filter((meta) => !meta.isDeprecated), current: current.attributes as GbpAttribute[] };
}

export const locationAttributesQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: locationAttributesKey(teamId), queryFn: () => getLocationAttributes(teamId), retry: false });

export function useLocationAttributes(teamId: string) {
  return useQuery(locationAttributesQueryOptions(teamId));
}
