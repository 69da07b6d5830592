import { z } from '@hono/zod-openapi';

/** Far past any real list, and well inside Postgres' bigint and JavaScript's exact integers. */
export const MAX_OFFSET = 1_000_000_000;

/** `offset`/`limit` as the spec defines them: limit defaults to 10 and stops at 500. */
export const offsetPaginationQuery = {
  offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0).openapi({ example: 0 }),
  limit: z.coerce.number().int().min(1).max(500).default(10).openapi({ example: 10 }),
};

export function listSchema<T extends z.ZodTypeAny>(item: T, name: string) {
  return z.object({ items: z.array(item), total: z.number().int() }).openapi(name);
}

/** Escapes LIKE wildcards so a search for `50%` finds "50%" rather than everything. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
