import { createRoute, z } from '@hono/zod-openapi';
import { SCOPES } from '../context';
import { listSchema, offsetPaginationQuery } from '../http/pagination';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';

export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ description: 'First characters of the key, to tell keys apart', example: 'sk_Xy12AbC' }),
    scopes: z.array(z.enum(SCOPES)),
    createdAt: z.string().datetime(),
    lastUsedAt: z.string().datetime().nullable(),
    revokedAt: z.string().datetime().nullable(),
  })
  .openapi('ApiKey');

export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().openapi({ description: 'The secret key. It is shown only in this response.' }),
}).openapi('CreatedApiKey');

export const CreateApiKeyBody = z
  .object({
    name: z.string().trim().min(1).max(80).openapi({ example: 'CI publisher' }),
    scopes: z
      .array(z.enum(SCOPES))
      .min(1)
      .default(['read', 'write'])
      .openapi({ description: '`read` for GET, `write` for changes, `admin` to manage API keys' }),
  })
  .strict()
  .openapi('CreateApiKey');

const IdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
const tags = ['API keys'];

export const listApiKeysRoute = createRoute({
  method: 'get',
  path: '/api-keys',
  operationId: 'listApiKeys',
  summary: 'List API keys of the organization',
  tags,
  security: apiKeySecurity,
  request: { query: z.object(offsetPaginationQuery).strict() },
  responses: { 200: jsonResponse(listSchema(ApiKeySchema, 'ApiKeyList'), 'API keys, newest first'), ...errorResponses() },
});

export const createApiKeyRoute = createRoute({
  method: 'post',
  path: '/api-keys',
  operationId: 'createApiKey',
  summary: 'Create an API key (the secret is shown once)',
  tags,
  security: apiKeySecurity,
  request: { body: jsonBody(CreateApiKeyBody) },
  responses: { 201: jsonResponse(CreatedApiKeySchema, 'The key, with its secret'), ...errorResponses(409, 422) },
});

export const revokeApiKeyRoute = createRoute({
  method: 'delete',
  path: '/api-keys/{id}',
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key (immediately and for good)',
  tags,
  security: apiKeySecurity,
  request: { params: IdParams },
  responses: { 200: jsonResponse(ApiKeySchema, 'The revoked key'), ...errorResponses(404) },
});
