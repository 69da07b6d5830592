import type { z } from 'zod';
import { ApiError, type ApiIssue } from './api-client';

/**
 * A request body checked here by the API's own zod schema before it is sent. Some routes accept
 * fewer values than the screen holds (only some account types have channels); the schema knows
 * the list only at run time, so its TypeScript type is wider than the OpenAPI document's. Once the
 * schema has accepted the value, it is the document's `Body` (generated from this same schema);
 * otherwise this fails with the 400 envelope the API would have sent.
 */
export function checkedBody<Body>(schema: z.ZodTypeAny, value: Body extends object ? { [Field in keyof Body]: unknown } : never): Body {
  const result = schema.safeParse(value);
  if (result.success) return result.data as Body;
  const issues: ApiIssue[] = result.error.issues.map((issue) => ({ code: issue.code, message: issue.message, path: issue.path }));
  throw new ApiError(400, issues[0]?.message ?? 'Invalid request', issues);
}
