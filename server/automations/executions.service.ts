import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { accountSummaries } from '../accounts/account-summaries';
import { toFetchedCommentDto } from '../comments/fetched-comments.service';
import type { Executor } from '../db/client';
import { automationExecutions, automationExecutionSteps, automationFlows, automationFlowVersions } from '../db/schema/automations';
import { fetchedComments } from '../db/schema/comments';
import { conversations, messages } from '../db/schema/inbox';
import { NotFoundError } from '../http/errors';
import { decodeCursor, nextCursorOf } from '../http/keyset-cursor';
import { presentConversation, toMessageDto } from '../inbox/conversations.service';
import { getFlowRow, type OrgScope } from './flows.service';
import { EXECUTION_RETENTION_MS, type ExecutionStatus } from './shared/automation-constants';
import type { PostPlatform } from '../platforms/platform-types';

export { EXECUTION_RETENTION_MS };

type ExecutionRow = typeof automationExecutions.$inferSelect;
const iso = (date: Date | null) => date?.toISOString() ?? null;
const retained = () => gt(automationExecutions.createdAt, new Date(Date.now() - EXECUTION_RETENTION_MS));

/** Executions with their steps, flow, version and account, read in one query each for the whole page. */
async function presentExecutions(db: Executor, rows: ExecutionRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [steps, flows, versions, accounts] = await Promise.all([
    db.select().from(automationExecutionSteps).where(inArray(automationExecutionSteps.executionId, ids)).orderBy(asc(automationExecutionSteps.position)),
    db
      .select({ id: automationFlows.id, name: automationFlows.name, status: automationFlows.status, deletedAt: automationFlows.deletedAt })
      .from(automationFlows)
      .where(inArray(automationFlows.id, [...new Set(rows.map((row) => row.flowId))])),
    db
      .select({ id: automationFlowVersions.id, version: automationFlowVersions.version, status: automationFlowVersions.status })
      .from(automationFlowVersions)
      .where(inArray(automationFlowVersions.id, [...new Set(rows.map((row) => row.flowVersionId))])),
    accountSummaries(
      db,
      rows.flatMap((row) => (row.socialAccountId ? [row.socialAccountId] : [])),
    ),
  ]);
  const flowById = new Map(flows.map((flow) => [flow.id, flow]));
  const versionById = new Map(versions.map((version) => [version.id, version]));
  return rows.map((row) => {
    const flow = flowById.get(row.flowId)!;
    return {
      id: row.id,
      teamId: row.teamId,
      flowId: row.flowId,
      flowVersionId: row.flowVersionId,
      triggerId: row.triggerId,
      platform: row.platform,
      socialAccountId: row.socialAccountId,
      fetchedCommentId: row.fetchedCommentId,
      conversationId: row.conversationId,
      conversationMessageId: row.conversationMessageId,
      senderExternalId: row.senderExternalId,
      currentStepId: row.currentStepId,
      status: row.status,
      input: row.input,
      output: row.output ?? null,
      error: row.error ?? null,
      startedAt: iso(row.startedAt),
      completedAt: iso(row.completedAt),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      steps: steps
        .filter((step) => step.executionId === row.id)
        .map((step) => ({
          id: step.id,
          stepId: step.stepId,
          type: step.type,
          status: step.status,
          attemptCount: step.attemptCount,
          output: step.output ?? null,
          error: step.error ?? null,
          startedAt: iso(step.startedAt),
          completedAt: iso(step.completedAt),
        })),
      flow: { id: flow.id, name: flow.name, status: flow.status, deleted: !!flow.deletedAt },
      flowVersion: versionById.get(row.flowVersionId)!,
      socialAccount: row.socialAccountId ? (accounts.get(row.socialAccountId) ?? null) : null,
    };
  });
}

export type ExecutionListInput = OrgScope & {
  flowId: string;
  teamId?: string;
  status?: ExecutionStatus;
  platform?: PostPlatform;
  socialAccountId?: string;
  conversationId?: string;
  fetchedCommentId?: string;
  flowVersionId?: string;
  triggerId?: string;
  limit: number;
  offset: number;
  cursor?: string;
};

/** The runs of a flow, newest first; `total` on the first page only (as conversations). */
export async function listExecutions(db: Executor, input: ExecutionListInput) {
  const flow = await getFlowRow(db, { organizationId: input.organizationId, id: input.flowId });
  if (input.teamId && flow.teamId !== input.teamId) throw new NotFoundError('Automation flow');
  const filters = and(
    eq(automationExecutions.organizationId, input.organizationId),
    eq(automationExecutions.flowId, flow.id),
    retained(),
    input.status ? eq(automationExecutions.status, input.status) : undefined,
    input.platform ? eq(automationExecutions.platform, input.platform) : undefined,
    input.socialAccountId ? eq(automationExecutions.socialAccountId, input.socialAccountId) : undefined,
    input.conversationId ? eq(automationExecutions.conversationId, input.conversationId) : undefined,
    input.fetchedCommentId ? eq(automationExecutions.fetchedCommentId, input.fetchedCommentId) : undefined,
    input.flowVersionId ? eq(automationExecutions.flowVersionId, input.flowVersionId) : undefined,
    input.triggerId ? eq(automationExecutions.triggerId, input.triggerId) : undefined,
  );
  const position = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await db
    .select()
    .from(automationExecutions)
    .where(
      position
        ? and(filters, sql`(${automationExecutions.createdAt}, ${automationExecutions.id}) < (${position.at.toISOString()}::timestamptz, ${position.id})`)
        : filters,
    )
    .orderBy(desc(automationExecutions.createdAt), desc(automationExecutions.id))
    .offset(position ? 0 : input.offset)
    .limit(input.limit + 1);
  const items = await presentExecutions(db, rows.slice(0, input.limit));
  const nextCursor = nextCursorOf(rows, input.limit, (row) => row.createdAt);
  if (position) return { items, nextCursor };
  const [total] = await db.select({ value: count() }).from(automationExecutions).where(filters);
  return { items, total: total?.value ?? 0, nextCursor };
}

/**
 * One execution with every step and what it acted on. Readable while kept (30 days), also
 * after its flow was deleted.
 */
export async function getExecution(db: Executor, params: OrgScope & { id: string }) {
  const [row] = await db
    .select()
    .from(automationExecutions)
    .where(and(eq(automationExecutions.organizationId, params.organizationId), eq(automationExecutions.id, params.id), retained()));
  if (!row) throw new NotFoundError('Automation execution');
  const [execution] = await presentExecutions(db, [row]);
  const scoped = <T extends { organizationId: string }>(found: T | undefined) => (found && found.organizationId === row.organizationId ? found : undefined);
  const [conversation, message, comment] = await Promise.all([
    row.conversationId ? db.select().from(conversations).where(eq(conversations.id, row.conversationId)) : [],
    row.conversationMessageId ? db.select().from(messages).where(eq(messages.id, row.conversationMessageId)) : [],
    row.fetchedCommentId ? db.select().from(fetchedComments).where(eq(fetchedComments.id, row.fetchedCommentId)) : [],
  ]);
  // Messages and threads are deleted after 30 days of their own: what is gone is null.
  const foundConversation = scoped(conversation[0]);
  const foundMessage = scoped(message[0]);
  const foundComment = scoped(comment[0]);
  return {
    ...execution!,
    conversation: foundConversation ? await presentConversation(db, foundConversation) : null,
    conversationMessage: foundMessage ? toMessageDto(foundMessage) : null,
    fetchedComment: foundComment ? toFetchedCommentDto(foundComment) : null,
  };
}
