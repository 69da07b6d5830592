import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { GbpAttribute } from '../lib/location-types';
import type { LocationAttributes } from './get-attributes';
import { locationAttributesKey } from './location-query-keys';

/** Sets the attributes named in the mask: a named attribute missing from `attributes` is cleared. */
export function useUpdateAttributes(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { mask: string[]; attributes: GbpAttribute[] }) =>
      ok(api.PATCH('/misc/google-business/location/attributes', { body: { teamId, attributeMask: input.mask.join(','), attributes: input.attributes } })),
    meta: { showsError: true },
    onSuccess: (answer) =>
      queryClient.setQueryData<LocationAttributes>(locationAttributesKey(teamId), (previous) =>
        previous ? { ...previous, current: answer.attributes as GbpAttribute[] } : previous,
      ),
  });
}
