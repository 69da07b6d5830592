import { EVENT_TYPES, type EventType } from '../events/outbox';
import { createRouter } from '../http/create-router';
import { getDelivery, listDeliveries, replayDelivery, sendTestEvent } from './endpoints/delivery-log.service';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  revealSecret,
  rotateSecret,
  toEndpointDto,
  updateEndpoint,
} from './endpoints/endpoints.service';
import * as routes from './webhooks.routes';

// Static paths first: `/webhooks/event-types` must not be read as an endpoint id.
export const webhooksRouter = createRouter();
webhooksRouter.openapi(routes.listEventTypesRoute, (c) => {
  const items = Object.entries(EVENT_TYPES).map(([type, description]) => ({ type: type as EventType, description }));
  return c.json({ items, total: items.length }, 200);
});
webhooksRouter.openapi(routes.listWebhooksRoute, async (c) => {
  const { items, total } = await listEndpoints(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  return c.json({ items: items.map(toEndpointDto), total }, 200);
});
webhooksRouter.openapi(routes.createWebhookRoute, async (c) => {
  const { endpoint, secret } = await createEndpoint(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json({ ...toEndpointDto(endpoint), secret }, 200);
});
webhooksRouter.openapi(routes.getWebhookRoute, async (c) => {
  const endpoint = await getEndpoint(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(toEndpointDto(endpoint), 200);
});
webhooksRouter.openapi(routes.updateWebhookRoute, async (c) => {
  const endpoint = await updateEndpoint(c.var.services, {
    organizationId: c.var.auth.organizationId,
    id: c.req.valid('param').id,
    changes: c.req.valid('json'),
  });
  return c.json(toEndpointDto(endpoint), 200);
});
webhooksRouter.openapi(routes.deleteWebhookRoute, async (c) => {
  const endpoint = await deleteEndpoint(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(toEndpointDto(endpoint), 200);
});
webhooksRouter.openapi(routes.rotateSecretRoute, async (c) => {
  const { endpoint, secret } = await rotateSecret(c.var.services, {
    organizationId: c.var.auth.organizationId,
    id: c.req.valid('param').id,
    overlapSeconds: c.req.valid('json').overlapSeconds,
  });
  return c.json({ ...toEndpointDto(endpoint), secret }, 200);
});
webhooksRouter.openapi(routes.revealSecretRoute, async (c) => {
  const secret = await revealSecret(c.var.services, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(secret, 200);
});
webhooksRouter.openapi(routes.sendTestRoute, async (c) => {
  const delivery = await sendTestEvent(c.var.services, { organizationId: c.var.auth.organizationId, endpointId: c.req.valid('param').id });
  return c.json(delivery, 200);
});
webhooksRouter.openapi(routes.listDeliveriesRoute, async (c) => {
  const result = await listDeliveries(c.var.services.db, {
    ...c.req.valid('query'),
    organizationId: c.var.auth.organizationId,
    endpointId: c.req.valid('param').id,
  });
  return c.json(result, 200);
});
webhooksRouter.openapi(routes.getDeliveryRoute, async (c) => {
  const { id, deliveryId } = c.req.valid('param');
  const delivery = await getDelivery(c.var.services.db, { organizationId: c.var.auth.organizationId, endpointId: id, id: deliveryId });
  return c.json(delivery, 200);
});
webhooksRouter.openapi(routes.replayDeliveryRoute, async (c) => {
  const { id, deliveryId } = c.req.valid('param');
  const delivery = await replayDelivery(c.var.services, { organizationId: c.var.auth.organizationId, endpointId: id, id: deliveryId });
  return c.json(delivery, 200);
});
