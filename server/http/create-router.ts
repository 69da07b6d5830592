import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler } from 'hono';
import type { ZodTypeAny } from 'zod';
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
 *
 * Routes are registered one statement each, `router.openapi(route, handler);` (a lint rule says
 * so): a chain's every link returns a router typed with all the routes so far, which tsc derived
 * anew at each link (decision 077). Nothing reads a router's route types: the dashboard's client
 * types come from the OpenAPI document.
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
    if (route.request?.query) route = withEmptyQueryShortcut(router, route, hook ?? router.defaultHook);
    if (route.method !== 'post') return register(route, handler, hook);
    const own: MiddlewareHandler[] = route.middleware ? [route.middleware].flat() : [];
    return register({ ...route, middleware: [idempotency, ...own] }, handler, hook);
  };
  router.openapi = withIdempotency as unknown as typeof router.openapi;
  return router;
}

/**
 * A route's query validated as the library validates it, but a request without a query string
 * (most list reads: `GET /team`) gets the schema's defaults parsed once: validating an empty query
 * on every request made the validator build the request's `Headers` and run an async parse each
 * time (bench:api). The route is documented as declared; only the validator is swapped.
 */
function withEmptyQueryShortcut(router: OpenAPIHono<AppEnv>, route: RouteConfig, hook: unknown): RouteConfig {
  const schema = route.request!.query as ZodTypeAny;
  const { middleware, hide, ...documented } = route as RouteConfig & { hide?: boolean };
  if (!hide) router.openAPIRegistry.registerPath(documented);
  const validate = zValidator('query', schema, hook as never) as unknown as MiddlewareHandler;
  let empty: Promise<{ success: boolean; data?: unknown }> | undefined;
  const validateQuery: MiddlewareHandler = async (c, next) => {
    if (c.req.url.indexOf('?') === -1) {
      const parsed = await (empty ??= schema.safeParseAsync({}));
      // A copy per request: a handler may change what it was given.
      if (parsed.success) {
        c.req.addValidatedData('query', { ...(parsed.data as object) });
        return next();
      }
    }
    return validate(c, next);
  };
  const own: MiddlewareHandler[] = middleware ? [middleware].flat() : [];
  // Validation after the route's own middleware, where the library puts its validators.
  return { ...route, hide: true, request: { ...route.request, query: undefined }, middleware: [...own, validateQuery] } as RouteConfig;
}
