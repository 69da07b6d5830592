import { z } from '@hono/zod-openapi';
import { IssueSchema } from '../http/error-schema';
import { MAX_OFFSET } from '../http/pagination';
import { FLOW_LIMITS, FLOW_STATUSES, FLOW_VERSION_STATUSES, PLATFORM_SCOPES } from './shared/automation-constants';
import { DraftDefinitionSchema } from './shared/draft-definition';
import { FlowDefinitionSchema } from './shared/flow-definition';

const id = z.string().min(1).max(64);

export const AutomationDefinitionSchema = FlowDefinitionSchema.openapi('AutomationDefinition', {
  description: 'One trigger and up to 100 steps. Step ids are generated from type and position when omitted (`send_message_2`).',
  example: {
    trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: 'acc_123', keywords: ['price', 'how much'], matchMode: 'ANY' },
    steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Our price list: https://example.com/prices' } }],
  },
});

export const FlowVersionSchema = z
  .object({
    id: z.string(),
    version: z.number().int(),
    status: z.enum(FLOW_VERSION_STATUSES),
    publishedAt: z.string().nullable().openapi({ description: 'Published versions only' }),
    definition: AutomationDefinitionSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AutomationFlowVersion');

export const FlowSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    name: z.string(),
    status: z.enum(FLOW_STATUSES),
    platformScope: z.enum(PLATFORM_SCOPES),
    publishedVersion: FlowVersionSchema.nullable().openapi({ description: 'The version that runs; null until the first publish' }),
    draftVersion: FlowVersionSchema.nullable().openapi({ description: 'The latest saved draft; it stays after publishing' }),
    runStats: z
      .object({
        runsThisMonth: z.number().int().openapi({ description: 'Runs since the 1st of this month (UTC), test runs and canceled runs excluded' }),
        lastRunAt: z.string().nullable().openapi({ description: 'The newest such run within the 30 days runs are kept' }),
      })
      .openapi('AutomationFlowRunStats'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AutomationFlow');

const name = z.string().trim().min(1).max(FLOW_LIMITS.name).openapi({ example: 'Price questions' });

export const CreateFlowBody = z
  .object({
    teamId: id,
    name,
    platformScope: z.enum(PLATFORM_SCOPES).openapi({ description: '`BOTH` is Instagram or Facebook; must fit the trigger’s platform' }),
    definition: AutomationDefinitionSchema.optional().openapi({ description: 'Saved as the draft after both validation stages' }),
  })
  .strict()
  .openapi('CreateAutomationFlow');

export const UpdateFlowBody = z
  .object({
    name: name.optional(),
    platformScope: z.enum(PLATFORM_SCOPES).optional(),
    definition: AutomationDefinitionSchema.optional().openapi({
      description: 'Replaces the whole draft (same version number); the live version keeps running',
    }),
  })
  .strict()
  .openapi('UpdateAutomationFlow');

export const PublishFlowBody = z
  .object({ definition: AutomationDefinitionSchema.optional().openapi({ description: 'Published as is, skipping (and keeping) the draft' }) })
  .strict()
  .openapi('PublishAutomationFlow');

export const SaveDraftBody = z
  .object({
    definition: DraftDefinitionSchema.openapi('AutomationDraftDefinition', {
      description:
        'A definition’s structure (trigger and step types, fields, list sizes) with its content possibly incomplete: empty or too long ' +
        'texts, a missing account or post. The answer says what stands in the way of publishing.',
    }),
  })
  .strict()
  .openapi('SaveAutomationDraft');

export const DraftSavedSchema = z
  .object({
    flow: FlowSchema,
    publishable: z.boolean().openapi({ description: 'No issue and no problem: publishing the draft would pass validation now' }),
    issues: z.array(IssueSchema).openapi({ description: 'Shape errors (the first validation stage), paths from `definition`' }),
    problems: z
      .array(
        z.object({
          where: z.string().openapi({ example: 'trigger.socialAccountId', description: '`trigger.<field>`, `steps.<stepId>`, `steps` or `platformScope`' }),
          message: z.string().openapi({ example: 'required: the account the flow listens on' }),
        }),
      )
      .openapi({ description: 'Every other problem (the second stage): accounts, permissions, the post, steps that do not fit' }),
  })
  .openapi('AutomationDraftSaved');

export const CopyFlowsBody = z
  .object({
    sourceTeamId: id,
    targetTeamId: id,
    flowId: id.optional().openapi({ description: 'One flow; omitted: every flow of the source team, archived included' }),
  })
  .strict()
  .refine((body) => body.sourceTeamId !== body.targetTeamId, { message: 'The source and target teams must differ', path: ['targetTeamId'] })
  .openapi('CopyAutomationFlows');

export const FlowIdParams = z.object({ id: id.openapi({ param: { name: 'id', in: 'path' } }) });

export const FlowListQuery = z
  .object({
    teamId: id,
    status: z.enum(FLOW_STATUSES).optional(),
    platformScope: z.enum(PLATFORM_SCOPES).optional(),
    socialAccountId: id.optional().openapi({ description: 'Flows whose published version listens on this account' }),
    limit: z.coerce.number().int().min(1).max(500).default(10).openapi({ example: 10 }),
    offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0).openapi({ example: 0 }),
    cursor: z.string().min(1).max(500).optional().openapi({ description: '`nextCursor` of the previous page; not with a non-zero `offset`' }),
  })
  .strict()
  .refine((query) => !(query.cursor && query.offset > 0), { message: 'Use either cursor or offset, not both', path: ['cursor'] });

export const FlowListSchema = z
  .object({
    items: z.array(FlowSchema),
    total: z.number().int(),
    nextCursor: z.string().nullable().openapi({ description: 'null at the end' }),
  })
  .openapi('AutomationFlowList');

export const FlowVersionListQuery = z
  .object({
    teamId: id.optional().openapi({ description: 'The flow’s team (checked when given)' }),
    limit: z.coerce.number().int().min(1).max(500).default(10).openapi({ example: 10 }),
    offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0).openapi({ example: 0 }),
  })
  .strict();

export const FlowVersionListSchema = z
  .object({
    items: z.array(
      FlowVersionSchema.extend({
        live: z.boolean().openapi({ description: 'The flow’s published version: the one that runs while the flow is active' }),
      }).openapi('AutomationFlowVersionHistoryItem'),
    ),
    total: z.number().int(),
  })
  .openapi('AutomationFlowVersionList');

export const CopyResultSchema = z.object({ items: z.array(FlowSchema), total: z.number().int() }).openapi('AutomationFlowCopies');

export const TestFlowBody = z
  .object({
    input: z
      .object({
        conversationId: id.optional().openapi({ description: 'DM and click flows: the conversation to run in' }),
        fetchedCommentId: id.optional().openapi({ description: 'Comment flows: the comment to act on' }),
        text: z.string().max(2200).optional().openapi({ description: 'What TEXT conditions read (a comment flow reads the comment when omitted)' }),
        payload: z.string().max(1000).optional().openapi({ description: 'What PAYLOAD conditions read' }),
        senderExternalId: z.string().min(1).max(128).optional().openapi({ description: 'What SENDER_ID conditions read' }),
      })
      .strict(),
  })
  .strict()
  .openapi('TestAutomationFlow');

const NodeCountsSchema = z.object({
  reached: z.number().int(),
  completed: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});

export const NodeStatsQuery = z
  .object({
    teamId: id.optional().openapi({ description: 'The flow’s team (checked when given)' }),
    flowVersionId: id.optional().openapi({ description: 'A published version of the flow; the live one when omitted' }),
    from: z
      .string()
      .datetime({ offset: true })
      .optional()
      .openapi({ description: 'Start of the period (inclusive); default `to` minus 7 days; runs are kept 30 days' }),
    to: z.string().datetime({ offset: true }).optional().openapi({ description: 'End of the period (exclusive); default now' }),
  })
  .strict();

export const NodeStatsSchema = z
  .object({
    flowVersionId: z.string().nullable().openapi({ description: 'The version counted; null while the flow was never published (all counts 0)' }),
    from: z.string().openapi({ description: 'The period counted (`from` is moved up to the 30-day retention)' }),
    to: z.string(),
    trigger: NodeCountsSchema.openapi({ description: 'Runs in the period and how they ended (test and canceled runs excluded)' }),
    steps: z
      .array(NodeCountsSchema.extend({ stepId: z.string() }))
      .openapi({ description: 'Per step reached by at least one run: runs that reached it and how that step ended' }),
  })
  .openapi('AutomationNodeStats');
