import { z } from '@hono/zod-openapi';
import { MAX_OFFSET } from '../http/pagination';
import { EXECUTION_STATUSES, STEP_EXECUTION_STATUSES } from './shared/automation-constants';

const id = z.string().min(1).max(64);
const nullableDate = z.string().nullable();
const ErrorSchema = z.object({ code: z.string().nullable(), message: z.string() }).nullable();

export const StepExecutionSchema = z
  .object({
    id: z.string(),
    stepId: z.string(),
    type: z.string(),
    status: z.enum(STEP_EXECUTION_STATUSES),
    attemptCount: z.number().int(),
    output: z.record(z.unknown()).nullable(),
    error: ErrorSchema,
    startedAt: nullableDate,
    completedAt: nullableDate,
  })
  .openapi('AutomationStepExecution');

export const ExecutionSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    flowId: z.string(),
    flowVersionId: z.string(),
    triggerId: z.string(),
    platform: z.string(),
    socialAccountId: z.string().nullable(),
    fetchedCommentId: z.string().nullable(),
    conversationId: z.string().nullable(),
    conversationMessageId: z.string().nullable(),
    senderExternalId: z.string().nullable(),
    currentStepId: z.string().nullable(),
    status: z.enum(EXECUTION_STATUSES),
    input: z.record(z.unknown()).openapi({ description: '`type` (`MANUAL_TEST` for test runs), `platform`, `postId`, `text`, `payload`…' }),
    output: z
      .object({
        completedAtStepId: z.string().optional(),
        skippedAtStepId: z.string().optional(),
        rateLimitedUntil: z.string().optional().openapi({ description: 'A `QUEUED` run the platform rate-limited starts again at this time' }),
        rateLimitedAtStepId: z.string().optional(),
      })
      .nullable(),
    error: ErrorSchema.openapi({ description: '`code` names a safety limit or a run failure (`AUTOMATION_EXECUTION_TIMEOUT`…)' }),
    startedAt: nullableDate,
    completedAt: nullableDate,
    createdAt: z.string(),
    updatedAt: z.string(),
    steps: z.array(StepExecutionSchema),
    flow: z.object({ id: z.string(), name: z.string(), status: z.string(), deleted: z.boolean() }),
    flowVersion: z.object({ id: z.string(), version: z.number().int(), status: z.string() }),
    socialAccount: z.object({ id: z.string(), type: z.string(), username: z.string().nullable() }).nullable(),
    conversation: z.record(z.unknown()).nullable().optional().openapi({ description: 'One execution only (`GET /automation-executions/{id}`)' }),
    conversationMessage: z.record(z.unknown()).nullable().optional().openapi({ description: 'One execution only' }),
    fetchedComment: z.record(z.unknown()).nullable().optional().openapi({ description: 'One execution only' }),
  })
  .openapi('AutomationExecution');

export const ExecutionListQuery = z
  .object({
    teamId: id.optional().openapi({ description: 'The flow’s team (checked when given)' }),
    status: z.enum(EXECUTION_STATUSES).optional(),
    platform: z.enum(['INSTAGRAM', 'FACEBOOK', 'TIKTOK']).optional(),
    socialAccountId: id.optional(),
    conversationId: id.optional(),
    fetchedCommentId: id.optional(),
    flowVersionId: id.optional(),
    triggerId: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(10).openapi({ example: 10 }),
    offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0).openapi({ example: 0 }),
    cursor: z.string().min(1).max(500).optional().openapi({ description: '`nextCursor` of the previous page; not with a non-zero `offset`' }),
  })
  .strict()
  .refine((query) => !(query.cursor && query.offset > 0), { message: 'Use either cursor or offset, not both', path: ['cursor'] });

export const ExecutionListSchema = z
  .object({
    items: z.array(ExecutionSchema),
    total: z.number().int().optional().openapi({ description: 'Only on the first page (no cursor)' }),
    nextCursor: z.string().nullable(),
  })
  .openapi('AutomationExecutionList');

export const ExecutionIdParams = z.object({ id: id.openapi({ param: { name: 'id', in: 'path' } }) });
