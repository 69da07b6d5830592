import { z } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import type { Issue } from './errors';

export const IssueSchema = z
  .object({
    code: z.string().openapi({ example: 'invalid_type' }),
    message: z.string().openapi({ example: 'Required' }),
    path: z.array(z.union([z.string(), z.number()])).openapi({ example: ['name'] }),
  })
  .openapi('ValidationIssue');

export const ErrorSchema = z
  .object({
    statusCode: z.number().int().nullable().openapi({ example: 404 }),
    message: z.string().openapi({ example: 'Team not found' }),
    issues: z.array(IssueSchema).optional(),
  })
  .openapi('Error');

export type ErrorBody = z.infer<typeof ErrorSchema>;

export function issuesFromZod(error: ZodError): Issue[] {
  return error.issues.map((issue) => ({ code: issue.code, message: issue.message, path: issue.path }));
}

export function validationBody(error: ZodError): ErrorBody {
  const issues = issuesFromZod(error);
  const first = issues[0];
  const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
  const message = first ? `Validation failed: ${first.message}${where}` : 'Validation failed';
  return { statusCode: 400, message, issues };
}
