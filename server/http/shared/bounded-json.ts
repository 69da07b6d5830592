import { z } from 'zod';

// No server imports: the dashboard's composer validates with the schemas that use this.

/**
 * Bounds for a request field that takes free-form JSON (Slack blocks, the refused extras of a
 * private reply, a platform webhook's event data). Zod passes such a value through without
 * looking inside, but our own code does not stop there: walks of post options, `JSON.stringify`
 * when it is stored, the database's JSON functions. Each of those recurses once per level, so a
 * value nested a few thousand deep overflowed the stack and answered `500` long after validation.
 * These limits stop it at validation instead, far above what a platform takes:
 * - `depth` 64 levels below the field: Slack's Block Kit, the deepest structure we pass on,
 *   nests rich text about eight levels; 64 also keeps every later recursion a few frames deep.
 * - `values` 10,000 (every array item, object property and scalar, the field itself included):
 *   50 blocks of rich text stay under a few thousand; the body byte cap bounds strings.
 */
export const FREE_FORM_JSON_LIMITS = { depth: 64, values: 10_000 } as const;

type Limits = { depth: number; values: number };

/**
 * What is wrong with a free-form value, or null when it fits the limits. Iterative on purpose:
 * a recursive check would overflow on the very input it guards against.
 */
export function freeFormJsonProblem(value: unknown, limits: Limits = FREE_FORM_JSON_LIMITS): string | null {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  let counted = 1;
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.value === null || typeof current.value !== 'object') continue;
    if (current.depth > limits.depth) return `Nested too deep: free-form JSON may nest at most ${limits.depth} levels`;
    const children = Array.isArray(current.value) ? current.value : Object.values(current.value);
    // Counted before they are queued, so an oversized value is refused without queuing it all.
    counted += children.length;
    if (counted > limits.values) return `Too large: free-form JSON may hold at most ${limits.values} values`;
    for (const child of children) pending.push({ value: child, depth: current.depth + 1 });
  }
  return null;
}

/**
 * A schema for a free-form JSON field, with the bounds above. The inner schema runs first (it
 * looks only at the top of the value, as `z.unknown()` and `.passthrough()` do); a value over the
 * bounds then fails fatally, so no refinement further up reads it either.
 */
export function boundedJson<Schema extends z.ZodTypeAny>(schema: Schema) {
  return schema.superRefine((value, ctx) => {
    const problem = freeFormJsonProblem(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, fatal: true });
  });
}
