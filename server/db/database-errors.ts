/**
 * Whether an error means "the database cannot be reached right now" (a restart, a failover, a
 * network cut) rather than "this query is wrong". Such errors are nobody's fault and pass by
 * themselves: the API answers 503 with Retry-After, workers pause, and nothing logs them per request.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; pg-boss passes pg's through as is.
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  // SQLSTATE: the server is shutting down, crashed, or is not accepting connections yet; class 08
  // (connection exception) is matched by prefix above.
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
  // postgres.js
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // Node's sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// node-postgres (pg-boss's driver) says it in words only.
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /^Client has encountered a connection error/, /timeout exceeded when trying to connect/];
