import type { ZodTypeAny } from 'zod';
import { ErrorSchema } from './error-schema';

const errorDescriptions = {
  400: 'Invalid request: see `issues`',
  401: 'Missing or invalid API key or session',
  402: 'Not enough prepaid credits: nothing was done',
  403: 'The credentials are not allowed to do this',
  404: 'Not found (or belongs to another organization)',
  409: 'Conflict with the current state',
  422: 'Idempotency-Key reused with another request',
  429: 'Rate limit exceeded: see `Retry-After`',
  500: 'Unexpected error',
  502: 'The platform failed or refused the call',
  503: 'Sending paused on the service side: retry in a few minutes',
} as const;

type ErrorStatus = keyof typeof errorDescriptions;

/** The error responses most routes share; pass extra statuses where a route has them. */
export function errorResponses(...extra: ErrorStatus[]) {
  const statuses = new Set<ErrorStatus>([400, 401, 403, 429, 500, ...extra]);
  return Object.fromEntries(
    [...statuses].sort().map((status) => [status, { description: errorDescriptions[status], content: { 'application/json': { schema: ErrorSchema } } }]),
  ) as Record<ErrorStatus, { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } }>;
}

export function jsonBody<T extends ZodTypeAny>(schema: T, description?: string) {
  return { required: true, description, content: { 'application/json': { schema } } };
}

export function jsonResponse<T extends ZodTypeAny>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export const apiKeySecurity: Array<Record<string, string[]>> = [{ apiKey: [] }, { session: [] }];
