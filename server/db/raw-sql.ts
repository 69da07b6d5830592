import type { Executor } from './client';

export type SqlResult = { rows: Record<string, unknown>[] };
/** The shape pg-boss accepts as `db`: one method that runs text with positional values. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<SqlResult> };

type PgliteLike = {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(text: string): Promise<{ rows: Record<string, unknown>[] }[]>;
};
type PostgresJsLike = {
  unsafe(text: string, values?: unknown[]): Promise<Record<string, unknown>[] | Record<string, unknown>[][]>;
};

/**
 * Raw SQL over the same connection (or transaction) as a drizzle executor, so that work such as
 * enqueueing a job commits or rolls back with the domain change around it.
 */
export function sqlExecutorFor(executor: Executor): SqlExecutor {
  // drizzle keeps the driver's client (or transaction client) on its session.
  const client = (executor as unknown as { session: { client: PgliteLike | PostgresJsLike } }).session.client;
  if ('unsafe' in client) return postgresJsExecutor(client);
  return pgliteExecutor(client);
}

function pgliteExecutor(client: PgliteLike): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      // Without values the text may hold several statements (pg-boss migrations do).
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

function postgresJsExecutor(client: PostgresJsLike): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = await client.unsafe(text, (values ?? []).map(toPostgresJsValue));
      const last = Array.isArray(result[0]) ? (result.at(-1) as Record<string, unknown>[]) : result;
      return { rows: [...(last as Record<string, unknown>[])] };
    },
  };
}

// node-postgres (what pg-boss is written against) sends plain objects as JSON; postgres.js needs a string.
function toPostgresJsValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return JSON.stringify(value);
  }
  return value;
}
