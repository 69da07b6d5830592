import { createRouter } from '../http/create-router';
import { automationsEnabled } from './automations-enabled';
import * as routes from './provider-settings.routes';
import { listProviderSettings, saveProviderSetting, syncProviderSetting } from './provider-settings.service';

const router = createRouter();
router.use('/automation-provider-settings/*', automationsEnabled);

export const providerSettingsRouter = router;
router.openapi(routes.listProviderSettingsRoute, async (c) => {
  return c.json(await listProviderSettings(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId }), 200);
});
router.openapi(routes.saveProviderSettingRoute, async (c) => {
  const params = { organizationId: c.var.auth.organizationId, ...c.req.valid('param') };
  return c.json(await saveProviderSetting(c.var.services.db, params, c.req.valid('json')), 200);
});
router.openapi(routes.syncProviderSettingRoute, async (c) => {
  return c.json(await syncProviderSetting(c.var.services, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }), 200);
});
