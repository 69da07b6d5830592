import { z } from '@hono/zod-openapi';
import { webhookAttemptStatus, webhookDeliveryStatus } from './shared/delivery-statuses';
import { EVENT_TYPE_NAMES, EVENT_TYPES } from '../events/event-types';
import { listSchema, offsetPaginationQuery } from '../http/pagination';

const dateTime = z.string().datetime().openapi({ example: '2026-11-22T10:00:00.000Z' });
const eventTypeList = Object.entries(EVENT_TYPES)
  .map(([type, description]) => `\`${type}\` (${description})`)
  .join(', ');

export const EventTypeSchema = z.enum(EVENT_TYPE_NAMES).openapi('WebhookEventType', {
  description: `An event type. Clients must tolerate types added later. Current types: ${eventTypeList}.`,
});

const idParam = z.string().min(1).max(64);

export const WebhookEndpointSchema = z
  .object({
    id: z.string().openapi({ example: 'h7k2m9x3p1q8w5e4r6t0y2u3' }),
    url: z.string().openapi({ example: 'https://example.com/webhooks/socialdesk' }),
    description: z.string().nullable(),
    events: z.array(EventTypeSchema).openapi({ description: 'Subscribed types; empty means every type, including future ones' }),
    enabled: z.boolean(),
    disabledReason: z
      .string()
      .nullable()
      .openapi({ description: 'Why the endpoint stopped receiving deliveries (410 Gone, kept failing, or disabled by a user)' }),
    disabledAt: dateTime.nullable(),
    secretRotatedAt: dateTime.nullable(),
    previousSecretExpiresAt: dateTime.nullable().openapi({ description: 'Until then deliveries are signed with both the new and the previous secret' }),
    failingSince: dateTime.nullable().openapi({ description: 'First failed attempt since the last success' }),
    lastSuccessAt: dateTime.nullable(),
    lastFailureAt: dateTime.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .openapi('WebhookEndpoint');

const secretField = z.string().openapi({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'Standard Webhooks secret' });

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({ secret: secretField }).openapi('WebhookEndpointWithSecret');

export const WebhookSecretSchema = z
  .object({
    secret: secretField,
    previousSecret: z.string().nullable().openapi({ description: 'The replaced secret while it still signs' }),
    previousSecretExpiresAt: dateTime.nullable(),
  })
  .openapi('WebhookSecret');

export const WebhookEndpointListSchema = listSchema(WebhookEndpointSchema, 'WebhookEndpointList');

export const WebhookAttemptSchema = z
  .object({
    id: z.string(),
    attemptNumber: z.number().int(),
    status: z.enum(webhookAttemptStatus).openapi({ description: '`interrupted`: the worker stopped mid-request; the delivery was retried' }),
    startedAt: dateTime,
    durationMs: z.number().int().nullable(),
    responseStatus: z.number().int().nullable(),
    responseBody: z.string().nullable().openapi({ description: 'The first 1,024 characters of the response' }),
    error: z.string().nullable(),
    nextRetryAt: dateTime.nullable(),
  })
  .openapi('WebhookAttempt');

export const WebhookEnvelopeSchema = z
  .object({
    id: z.string().openapi({ example: 'evt_k3m9x2p7q1w8e5r4t6y0u2i3' }),
    type: z.string().openapi({ example: 'team.created' }),
    createdAt: dateTime,
    // The event's own object, which varies by type.
    data: z.any().openapi({ description: 'The changed resource, as the API returns it' }),
  })
  .openapi('WebhookEnvelope', { description: 'What every delivery POSTs, byte for byte as signed' });

export const WebhookDeliverySchema = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string().openapi({ description: 'The envelope id and the `webhook-id` header, the same on every attempt' }),
    eventType: z.string().openapi({ example: 'team.created' }),
    status: z.enum(webhookDeliveryStatus).openapi({
      description: '`pending` (scheduled), `delivered` (a 2xx), `failed` (retries exhausted), `paused` (the endpoint is disabled)',
    }),
    attemptCount: z.number().int(),
    nextAttemptAt: dateTime.nullable(),
    lastResponseStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    lastAttemptAt: dateTime.nullable(),
    deliveredAt: dateTime.nullable(),
    payload: WebhookEnvelopeSchema,
    createdAt: dateTime,
    attempts: z.array(WebhookAttemptSchema),
  })
  .openapi('WebhookDelivery');

export const WebhookDeliveryListSchema = listSchema(WebhookDeliverySchema, 'WebhookDeliveryList');

export const WebhookEventTypeListSchema = z
  .object({
    items: z.array(z.object({ type: EventTypeSchema, description: z.string() })),
    total: z.number().int(),
  })
  .openapi('WebhookEventTypeList');

export const CreateWebhookBody = z
  .object({
    url: z.string().url().max(2048).openapi({ example: 'https://example.com/webhooks/socialdesk' }),
    events: z.array(EventTypeSchema).max(100).optional().openapi({ description: 'Omit (or send []) for every event type' }),
    description: z.string().trim().max(500).nullable().optional(),
  })
  .strict()
  .openapi('CreateWebhook');

export const UpdateWebhookBody = z
  .object({
    url: z.string().url().max(2048).optional(),
    events: z.array(EventTypeSchema).max(100).optional(),
    description: z.string().trim().max(500).nullable().optional(),
    enabled: z.boolean().optional().openapi({ description: '`true` re-enables a disabled endpoint and resumes its paused deliveries' }),
  })
  .strict()
  .openapi('UpdateWebhook');

export const RotateSecretBody = z
  .object({
    overlapSeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .default(24 * 3600)
      .openapi({ description: 'How long the previous secret keeps signing alongside the new one (default 24 h; 0 ends it now)' }),
  })
  .strict()
  .openapi('RotateWebhookSecret');

export const WebhookIdParams = z.object({ id: idParam.openapi({ param: { name: 'id', in: 'path' } }) });

export const DeliveryIdParams = z.object({
  id: idParam.openapi({ param: { name: 'id', in: 'path' } }),
  deliveryId: idParam.openapi({ param: { name: 'deliveryId', in: 'path' } }),
});

export const WebhookListQuery = z.object({ ...offsetPaginationQuery }).strict();

export const DeliveryListQuery = z.object({ ...offsetPaginationQuery, status: z.enum(webhookDeliveryStatus).optional() }).strict();
