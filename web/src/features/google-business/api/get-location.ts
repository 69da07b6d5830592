import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { GbpLocation } from '../lib/location-types';
import { locationProfileKey } from './location-query-keys';

/** The selected location's profile in Google's own shape (Business Information API `Location`). */
export async function getLocation(teamId: string): Promise<GbpLocation> {
  return (await ok(api.GET('/misc/google-business/location', { params: { query: { teamId } } }))) as GbpLocation;
}

export const locationQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: locationProfileKey(teamId), queryFn: () => getLocation(teamId), retry: false });

export function useLocation(teamId: string) {
  return useQuery(locationQueryOptions(teamId));
}
