import { createRoute } from '@hono/zod-openapi';
import { requireScope } from '../auth/authenticate';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import {
  CreateWebhookBody,
  DeliveryIdParams,
  DeliveryListQuery,
  RotateSecretBody,
  UpdateWebhookBody,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  WebhookEventTypeListSchema,
  WebhookIdParams,
  WebhookListQuery,
  WebhookSecretSchema,
} from './webhooks.schemas';

const tags = ['Webhooks'];
const security = apiKeySecurity;

export const listEventTypesRoute = createRoute({
  method: 'get',
  path: '/webhooks/event-types',
  operationId: 'listWebhookEventTypes',
  summary: 'List the event types an endpoint can subscribe to',
  tags,
  security,
  responses: { 200: jsonResponse(WebhookEventTypeListSchema, 'Every event type with when it is emitted'), ...errorResponses() },
});

export const listWebhooksRoute = createRoute({
  method: 'get',
  path: '/webhooks',
  operationId: 'listWebhooks',
  summary: 'List webhook endpoints',
  tags,
  security,
  request: { query: WebhookListQuery },
  responses: { 200: jsonResponse(WebhookEndpointListSchema, 'Endpoints, newest first'), ...errorResponses() },
});

export const createWebhookRoute = createRoute({
  method: 'post',
  path: '/webhooks',
  operationId: 'createWebhook',
  summary: 'Register a webhook endpoint',
  description:
    'The URL must be HTTPS and resolve to public addresses only (private, loopback, link-local and similar targets ' +
    'are refused, here and again before every delivery). The response carries the signing `secret`; it can be ' +
    'revealed again later with `GET /webhooks/{id}/secret`. Deliveries are `POST`s of `{ id, type, createdAt, data }` ' +
    'signed with `x-signature` (hex HMAC-SHA256 of the raw body) and the Standard Webhooks headers `webhook-id`, ' +
    '`webhook-timestamp`, `webhook-signature`. Only 2xx counts as delivered; failures are retried with exponential ' +
    'backoff for about three days (`Retry-After` honoured on 429 and 503); 410 disables the endpoint at once, and so ' +
    'does failing for a whole retry cycle. Redirects are not followed; each attempt times out after 15 s.',
  tags,
  security,
  request: { body: jsonBody(CreateWebhookBody) },
  responses: { 200: jsonResponse(WebhookEndpointWithSecretSchema, 'The new endpoint with its secret'), ...errorResponses(422) },
});

export const getWebhookRoute = createRoute({
  method: 'get',
  path: '/webhooks/{id}',
  operationId: 'getWebhook',
  summary: 'Get a webhook endpoint',
  tags,
  security,
  request: { params: WebhookIdParams },
  responses: { 200: jsonResponse(WebhookEndpointSchema, 'The endpoint'), ...errorResponses(404) },
});

export const updateWebhookRoute = createRoute({
  method: 'patch',
  path: '/webhooks/{id}',
  operationId: 'updateWebhook',
  summary: 'Change a webhook endpoint, or disable and re-enable it',
  tags,
  security,
  request: { params: WebhookIdParams, body: jsonBody(UpdateWebhookBody) },
  responses: { 200: jsonResponse(WebhookEndpointSchema, 'The updated endpoint'), ...errorResponses(404) },
});

export const deleteWebhookRoute = createRoute({
  method: 'delete',
  path: '/webhooks/{id}',
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook endpoint and its delivery log',
  tags,
  security,
  request: { params: WebhookIdParams },
  responses: { 200: jsonResponse(WebhookEndpointSchema, 'The deleted endpoint'), ...errorResponses(404) },
});

export const rotateSecretRoute = createRoute({
  method: 'post',
  path: '/webhooks/{id}/rotate-secret',
  operationId: 'rotateWebhookSecret',
  summary: 'Rotate the signing secret',
  description:
    'Returns the new secret. During the overlap (`overlapSeconds`, default 24 h) every delivery carries signatures ' +
    'from both secrets, newest first: space-separated in `webhook-signature`, comma-separated in `x-signature`.',
  tags,
  security,
  request: { params: WebhookIdParams, body: jsonBody(RotateSecretBody) },
  responses: { 200: jsonResponse(WebhookEndpointWithSecretSchema, 'The endpoint with its new secret'), ...errorResponses(404, 422) },
});

export const revealSecretRoute = createRoute({
  method: 'get',
  path: '/webhooks/{id}/secret',
  operationId: 'revealWebhookSecret',
  summary: 'Reveal the signing secret',
  description: 'Needs the `write` scope: whoever holds the secret can forge deliveries.',
  tags,
  security,
  middleware: [requireScope('write')],
  request: { params: WebhookIdParams },
  responses: { 200: jsonResponse(WebhookSecretSchema, 'The current secret (and the previous one during an overlap)'), ...errorResponses(404) },
});

export const sendTestRoute = createRoute({
  method: 'post',
  path: '/webhooks/{id}/test',
  operationId: 'sendWebhookTest',
  summary: 'Send a test event',
  description: 'Queues a `webhook.test` event for this endpoint only; it shows in the delivery log like any other.',
  tags,
  security,
  request: { params: WebhookIdParams },
  responses: { 200: jsonResponse(WebhookDeliverySchema, 'The queued delivery'), ...errorResponses(404, 409, 422) },
});

export const listDeliveriesRoute = createRoute({
  method: 'get',
  path: '/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: 'Delivery log of an endpoint, with every attempt',
  tags,
  security,
  request: { params: WebhookIdParams, query: DeliveryListQuery },
  responses: { 200: jsonResponse(WebhookDeliveryListSchema, 'Deliveries, newest first'), ...errorResponses(404) },
});

export const getDeliveryRoute = createRoute({
  method: 'get',
  path: '/webhooks/{id}/deliveries/{deliveryId}',
  operationId: 'getWebhookDelivery',
  summary: 'One delivery with its attempts',
  tags,
  security,
  request: { params: DeliveryIdParams },
  responses: { 200: jsonResponse(WebhookDeliverySchema, 'The delivery'), ...errorResponses(404) },
});

export const replayDeliveryRoute = createRoute({
  method: 'post',
  path: '/webhooks/{id}/deliveries/{deliveryId}/replay',
  operationId: 'replayWebhookDelivery',
  summary: 'Send a delivery again',
  description: 'Starts a fresh retry cycle. The `webhook-id` stays the same, so receivers that deduplicate recognise it.',
  tags,
  security,
  request: { params: DeliveryIdParams },
  responses: { 200: jsonResponse(WebhookDeliverySchema, 'The rescheduled delivery'), ...errorResponses(404, 409, 422) },
});
