import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { validationBody } from './error-schema';
import { idempotency } from './idempotency';

/**
 * Every router validates the same way, so a bad request looks the same on every route. Each
 * `POST` route also honours `Idempotency-Key`: after every authorization check of the app and of
 * the router (`router.use(requireScope(…))`: an `admin`-only route refuses a `write` key before
 * anything is replayed), and before the route's own middleware and validators read the body (the
 * streaming upload parser is one), so the body is hashed as it streams to them. Checks that must
 * run before a replay therefore belong in `router.use`, not in a POST route's `middleware`.
 * Public routes (sign-in) opt out with `idempotent: false`.
 */
export function createRouter(options: { idempotent?: boolean } = {}) {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationBody(result.error), 400);
    },
  });
  if (options.idempotent === false) return router;
  // Typed loosely inside: the wrapper only adds a middleware, the public signature stays openapi's own.
  type Register = (route: RouteConfig, handler: unknown, hook?: unknown) => unknown;
  const register = router.openapi as unknown as Register;
  const withIdempotency: Register = (route, handler, hook) => {
    if (route.method !== 'post') return register(route, handler, hook);
    const own: MiddlewareHandler[] = route.middleware ? [route.middleware].flat() : [];
    return register({ ...route, middleware: [idempotency, ...own] }, handler, hook);
  };
  router.openapi = withIdempotency as unknown as typeof router.openapi;
  return router;
}

export type AppRouter = ReturnType<typeof createRouter>;
