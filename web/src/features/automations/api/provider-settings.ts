import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiBody, type ApiSchema } from '@/lib/api-client';
import type { ProviderSettingType } from '@server/automations/shared/automation-constants';
import { providerSettingsKey } from './automation-query-keys';

export type ProviderSetting = ApiSchema<'AutomationProviderSetting'>;
export type SaveProviderSetting = ApiBody<'/automation-provider-settings/{socialAccountId}/{type}', 'put'>;

export function useProviderSettings(teamId: string) {
  return useQuery({
    queryKey: providerSettingsKey(teamId),
    queryFn: () => ok(api.GET('/automation-provider-settings', { params: { query: { teamId, limit: 500 } } })).then((page) => page.items),
  });
}

/** Save and sync answer the setting: it replaces the cached one. */
function useSettingMutation<Input>(teamId: string, call: (input: Input) => Promise<ProviderSetting>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { showsError: true },
    onSuccess: (saved) =>
      queryClient.setQueryData<ProviderSetting[]>(providerSettingsKey(teamId), (list = []) => [saved, ...list.filter((setting) => setting.id !== saved.id)]),
  });
}

export function useSaveProviderSetting(teamId: string) {
  return useSettingMutation(teamId, ({ socialAccountId, type, body }: { socialAccountId: string; type: ProviderSettingType; body: SaveProviderSetting }) =>
    ok(api.PUT('/automation-provider-settings/{socialAccountId}/{type}', { params: { path: { socialAccountId, type } }, body })),
  );
}

export function useSyncProviderSetting(teamId: string) {
  return useSettingMutation(teamId, (id: string) => ok(api.POST('/automation-provider-settings/{id}/sync', { params: { path: { id } } })));
}
