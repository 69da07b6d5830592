import type { PGlite } from '@electric-sql/pglite';

/**
 * What callers get from an embedded database that stopped: SQLSTATE 57P02 (crash_shutdown), so
 * `isDatabaseUnavailable` counts it as an outage (503 with Retry-After), which is what it is until
 * the database is opened again.
 */
export class EmbeddedDatabaseStoppedError extends Error {
  readonly code = '57P02';

  constructor(readonly panic: Error) {
    super(`The embedded database stopped after a fatal error and has to be opened again: ${panic.message}`);
  }
}

/**
 * Postgres answers a failed WAL write with PANIC (in real Postgres the server restarts and replays
 * its WAL). PGlite 0.5 delivers the PANIC as an ordinary query error, but the instance is dead
 * afterwards, and the next statement sent to it spins inside the WebAssembly forever: the whole
 * Node process freezes, HTTP and `/healthz` included, and only SIGKILL ends it (see
 * docs/decisions/068-full-disk.md: a new 16 MB WAL segment that does not fit produces one).
 *
 * This wraps the instance's protocol entry points (every query, exec, transaction and listen goes
 * through them): after the first PANIC, nothing reaches the WebAssembly any more and every call
 * rejects at once with `EmbeddedDatabaseStoppedError`; `onPanic` hears of it once.
 */
export function guardAgainstPanic(pglite: PGlite, onPanic: (panic: Error) => void): { readonly stopped: Error | null } {
  let stopped: Error | null = null;
  const refuseIfStopped = () => {
    if (stopped) throw new EmbeddedDatabaseStoppedError(stopped);
  };
  const noticePanic = (error: unknown) => {
    if (!stopped && isPanic(error)) {
      stopped = error;
      onPanic(error);
    }
  };

  const rawSync = pglite.execProtocolRawSync.bind(pglite);
  pglite.execProtocolRawSync = (message) => {
    refuseIfStopped();
    return rawSync(message);
  };
  // The PANIC arrives as the error of these two; the statement after it (even the `Sync` that
  // PGlite sends in its own `finally`) must already be refused.
  for (const name of ['execProtocol', 'execProtocolStream'] as const) {
    const original = pglite[name].bind(pglite) as (...args: unknown[]) => Promise<unknown>;
    (pglite as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      refuseIfStopped();
      try {
        return await original(...args);
      } catch (error) {
        noticePanic(error);
        throw error;
      }
    };
  }
  return {
    get stopped() {
      return stopped;
    },
  };
}

function isPanic(error: unknown): error is Error {
  return error instanceof Error && (error as { severity?: unknown }).severity === 'PANIC';
}
