import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import * as s from './provider-settings.schemas';

const tags = ['Automations'];
const security = apiKeySecurity;
const enabledNote = 'Answers `404` while the organization is not enabled for automations.';

export const listProviderSettingsRoute = createRoute({
  method: 'get',
  path: '/automation-provider-settings',
  operationId: 'listAutomationProviderSettings',
  summary: 'List the ice breakers and persistent menus of a team’s accounts, most recently updated first',
  description: enabledNote,
  tags,
  security,
  request: { query: s.ProviderSettingListQuery },
  responses: { 200: jsonResponse(s.ProviderSettingListSchema, 'Provider settings'), ...errorResponses(404) },
});

export const saveProviderSettingRoute = createRoute({
  method: 'put',
  path: '/automation-provider-settings/{socialAccountId}/{type}',
  operationId: 'saveAutomationProviderSetting',
  summary: 'Save the ice breakers (Instagram, up to 4) or the persistent menu (Facebook, up to 3 items) of an account',
  description: `Saving never changes what is live on the platform: sync does. \`platform\` must match \`:type\`. ${enabledNote}`,
  tags,
  security,
  request: { params: s.ProviderSettingPathParams, body: jsonBody(s.SaveProviderSettingBody) },
  responses: { 200: jsonResponse(s.ProviderSettingSchema, 'The saved setting (DRAFT or DISABLED)'), ...errorResponses(404) },
});

export const syncProviderSettingRoute = createRoute({
  method: 'post',
  path: '/automation-provider-settings/{id}/sync',
  operationId: 'syncAutomationProviderSetting',
  summary: 'Push the saved setting to the platform (a DISABLED one is removed there)',
  description:
    '`SYNCED` when the platform accepts; `SYNC_FAILED` with `lastSyncError` when nothing can be pushed (no usable token or permission); ' +
    `when the platform refuses the config the call answers \`502\` with its message and the previous status stays. ${enabledNote}`,
  tags,
  security,
  request: { params: s.ProviderSettingIdParams },
  responses: { 200: jsonResponse(s.ProviderSettingSchema, 'The setting after the sync'), ...errorResponses(404, 502) },
});
