import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { AppEnv } from '../context';
import { AppError } from './errors';
import { validationBody, type ErrorBody } from './error-schema';

/** The one place errors become responses: every path answers with `{ statusCode, message, issues? }`. */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof AppError) {
    const body: ErrorBody = { statusCode: error.statusCode, message: error.message };
    if (error.issues) body.issues = error.issues;
    return c.json(body, error.statusCode, error.headers);
  }
  if (error instanceof ZodError) return c.json(validationBody(error), 400);
  if (error instanceof HTTPException) {
    // Hono raises these for malformed JSON and unreadable bodies.
    const message = error.status === 400 && /JSON/i.test(error.message) ? 'Malformed JSON in request body' : error.message;
    return c.json({ statusCode: error.status, message: message || 'Request failed' }, error.status);
  }
  c.var.services?.logger.error('unhandled error', {
    method: c.req.method,
    path: c.req.path,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return c.json({ statusCode: 500, message: 'Internal server error' }, 500);
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) =>
  c.json({ statusCode: 404, message: `Route ${c.req.method} ${c.req.path} not found` }, 404);
