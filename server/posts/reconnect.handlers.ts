import { createRouter } from '../http/create-router';
import * as routes from './reconnect.routes';
import { listReconnectCandidates, reconnectPosts } from './reconnect.service';

export const reconnectRouter = createRouter();
reconnectRouter.openapi(routes.reconnectCandidatesRoute, async (c) => {
  return c.json(await listReconnectCandidates(c.var.services.db, { organizationId: c.var.auth.organizationId, ...c.req.valid('query') }), 200);
});
reconnectRouter.openapi(routes.reconnectRoute, async (c) => {
  return c.json(await reconnectPosts(c.var.services, { organizationId: c.var.auth.organizationId, ...c.req.valid('json') }), 200);
});
