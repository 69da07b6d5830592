/** Every automations query (flows, executions, provider settings) sits under this key. */
export const automationsQueryKey = ['automations'] as const;
export const flowListKey = (teamId: string, status: string | undefined) => [...automationsQueryKey, 'flows', teamId, status ?? 'ALL'] as const;
/** Also spelled out in flow-query.ts, which the route loader imports without this module. */
export const flowKey = (id: string) => [...automationsQueryKey, 'flow', id] as const;
export const executionsKey = (flowId: string, filters: unknown) => [...automationsQueryKey, 'executions', flowId, filters] as const;
export const executionKey = (id: string) => [...automationsQueryKey, 'execution', id] as const;
export const providerSettingsKey = (teamId: string) => [...automationsQueryKey, 'provider-settings', teamId] as const;
