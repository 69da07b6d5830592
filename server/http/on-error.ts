import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { AppEnv } from '../context';
import { insufficientStorageFor } from '../storage/disk-full';
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
  const unstorable = unstorableInput(error);
  if (unstorable) return c.json({ statusCode: 400, message: unstorable }, 400);
  // A full disk (an upload, a scratch file, the database's own files): nothing of the request was
  // kept, and only the operator can free space, so it is logged as well as answered.
  const diskFull = insufficientStorageFor(error);
  if (diskFull) {
    c.var.services?.logger.error('disk full', { method: c.req.method, path: c.req.path, error: error instanceof Error ? error.message : String(error) });
    return c.json({ statusCode: diskFull.statusCode, message: diskFull.message }, diskFull.statusCode, diskFull.headers);
  }
  // A database restart or failover is nobody's fault and passes: say when to come back, and log
  // it once per outage (availability.ts), not once per request.
  const availability = c.var.services?.database.availability;
  if (availability?.report(error, 'api')) {
    return c.json({ statusCode: 503, message: 'The service cannot reach its database right now; try again in a few seconds' }, 503, {
      'retry-after': String(availability.retryAfterSeconds),
    });
  }
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

/**
 * Postgres refuses some values the schemas let through: a NUL character in any text, a lone
 * surrogate in JSON, a number past bigint, an impossible date. Those are the client's input, not a server fault, whichever
 * route and column they reach (the route fuzz test sends them everywhere).
 */
const INPUT_DATA_ERRORS: Record<string, string> = {
  '22021': 'The request contains a character that cannot be stored (such as a NUL byte)',
  '22P05': 'The request contains a character that cannot be stored',
  // Lone surrogates (`"\ud800"`) are valid JSON text but not Unicode: Postgres' json parser refuses them.
  '22P02': 'The request contains text that is not valid Unicode (such as a lone surrogate)',
  '22003': 'A number in the request is out of range',
  '22008': 'A date in the request is out of range',
  '22007': 'A date in the request is not valid',
};

function unstorableInput(error: unknown): string | undefined {
  // Drizzle wraps the driver's error (postgres.js and PGlite both carry the SQLSTATE as `code`).
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in INPUT_DATA_ERRORS) return INPUT_DATA_ERRORS[code];
  }
  return undefined;
}

export const onNotFound: NotFoundHandler<AppEnv> = (c) => c.json({ statusCode: 404, message: `Route ${c.req.method} ${c.req.path} not found` }, 404);
