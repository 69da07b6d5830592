import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { TeamOrganizationSchema } from '../organizations/organization.schemas';

export const LoginBody = z
  .object({
    email: z.string().trim().email().max(320).openapi({ example: 'admin@example.com' }),
    password: z.string().min(1).max(1024),
  })
  .strict()
  .openapi('Login');

export const SessionSchema = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string().nullable(),
      role: z.enum(['ADMIN', 'CUSTOMER']),
    }),
    organization: TeamOrganizationSchema,
    csrfToken: z.string().openapi({ description: 'Send back as x-csrf-token on every change made with the session cookie' }),
    expiresAt: z.string().datetime(),
    eventCursor: z.string().nullable().openapi({
      description:
        "The organization's newest event when this answer was made: open the live event stream with `after` set to it to be sent what happens from here on (null: no recent event)",
    }),
  })
  .openapi('Session');

const tags = ['Dashboard session'];

export const loginRoute = createRoute({
  method: 'post',
  path: '/auth/login',
  operationId: 'login',
  summary: 'Sign in to the dashboard (sets an httpOnly session cookie)',
  tags,
  request: { body: jsonBody(LoginBody) },
  responses: { 200: jsonResponse(SessionSchema, 'Signed in'), ...errorResponses() },
});

export const getSessionRoute = createRoute({
  method: 'get',
  path: '/auth/session',
  operationId: 'getSession',
  summary: 'The signed-in user, organization and CSRF token',
  tags,
  security: [{ session: [] }],
  responses: { 200: jsonResponse(SessionSchema, 'Current session'), ...errorResponses() },
});

export const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  operationId: 'logout',
  summary: 'Sign out (ends the session)',
  tags,
  security: [{ session: [] }],
  responses: { 204: { description: 'Signed out' }, ...errorResponses() },
});

export const logoutEverywhereRoute = createRoute({
  method: 'post',
  path: '/auth/logout-everywhere',
  operationId: 'logoutEverywhere',
  summary: 'Sign out everywhere (ends every session of the signed-in user, this one included)',
  description: 'For a lost laptop or a shared computer: every dashboard session of the user ends at once, and their open event streams close.',
  tags,
  security: [{ session: [] }],
  responses: { 204: { description: 'Every session ended' }, ...errorResponses() },
});
