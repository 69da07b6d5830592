import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateHoursBody } from '@server/google-business/google-business.schemas';
import { api, ok, type ApiBody } from '@/lib/api-client';
import { checkedBody } from '@/lib/checked-body';
import type { GbpLocation, HoursUpdate } from '../lib/location-types';
import { locationProfileKey } from './location-query-keys';

const PATH = '/misc/google-business/location/hours';

export function useUpdateHours(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hours: HoursUpdate) =>
      (await ok(
        api.PATCH(PATH, { body: checkedBody<ApiBody<typeof PATH, 'patch'>>(UpdateHoursBody, { teamId, fields: ['regularHours', 'specialHours'], ...hours }) }),
      )) as GbpLocation,
    // The hours form shows the failure itself.
    meta: { showsError: true },
    onSuccess: (location) => queryClient.setQueryData(locationProfileKey(teamId), location),
  });
}
