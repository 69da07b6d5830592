import { requireScope } from '../auth/authenticate';
import { createRouter } from '../http/create-router';
import * as routes from './api-keys.routes';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyRecord } from './api-keys.service';
import type { Scope } from '../context';

function toApiKeyDto(apiKey: ApiKeyRecord) {
  return {
    id: apiKey.id,
    name: apiKey.name,
    prefix: apiKey.prefix,
    scopes: apiKey.scopes as Scope[],
    createdAt: apiKey.createdAt.toISOString(),
    lastUsedAt: apiKey.lastUsedAt?.toISOString() ?? null,
    revokedAt: apiKey.revokedAt?.toISOString() ?? null,
  };
}

const router = createRouter();
// Managing keys is itself privileged: a key needs the `admin` scope, as does a session user.
router.use('/api-keys', requireScope('admin'));
router.use('/api-keys/*', requireScope('admin'));

export const apiKeysRouter = router;
router.openapi(routes.listApiKeysRoute, async (c) => {
  const { items, total } = await listApiKeys(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  return c.json({ items: items.map(toApiKeyDto), total }, 200);
});
router.openapi(routes.createApiKeyRoute, async (c) => {
  const { name, scopes } = c.req.valid('json');
  const { apiKey, key } = await createApiKey(c.var.services.db, {
    organizationId: c.var.auth.organizationId,
    name,
    scopes,
    createdByUserId: c.var.auth.userId ?? null,
  });
  return c.json({ ...toApiKeyDto(apiKey), key }, 201);
});
router.openapi(routes.revokeApiKeyRoute, async (c) => {
  const apiKey = await revokeApiKey(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  c.var.services.cache.drop('api-key', apiKey.keyHash);
  return c.json(toApiKeyDto(apiKey), 200);
});
