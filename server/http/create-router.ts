import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { validationBody } from './error-schema';

/** Every router validates the same way, so a bad request looks the same on every route. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationBody(result.error), 400);
    },
  });
}

export type AppRouter = ReturnType<typeof createRouter>;
