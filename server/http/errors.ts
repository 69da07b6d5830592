import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type Issue = { code: string; message: string; path: (string | number)[] };

/** A failure the client can act on; `onError` turns it into the spec's envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: ContentfulStatusCode,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, issues?: Issue[]) {
    super(400, message, issues);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Missing or invalid API key') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super(404, `${what} not found`);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
  }
}

export class QuotaExceededError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

/**
 * The server's disk is full (`507`): the write that failed was not kept. Not the client's fault
 * and not permanent (the operator frees space), so it says when to try again like a `503` does.
 */
export class InsufficientStorageError extends AppError {
  constructor(message = 'The server is out of disk space and could not save this request; try again later') {
    super(507, message, undefined, { 'Retry-After': '60' });
  }
}
