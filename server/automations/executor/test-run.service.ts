import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { automationExecutions, automationFlowVersions } from '../../db/schema/automations';
import { fetchedComments } from '../../db/schema/comments';
import { conversations } from '../../db/schema/inbox';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../http/errors';
import type { AppServices } from '../../services';
import { getExecution } from '../executions.service';
import { assertValidFlow } from '../flow-validation';
import { getFlowRow } from '../flows.service';
import { CONVERSATION_TRIGGERS } from '../shared/automation-constants';
import { executeSteps } from './run-execution';
import { budgetMessage, monthlyBudget } from './safety-limits';

export type TestRunInput = { conversationId?: string; fetchedCommentId?: string; text?: string; payload?: string; senderExternalId?: string };

async function inTeam<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new NotFoundError(what);
  return row;
}

/**
 * A test run (spec rule 7): once and synchronously, on the draft if there is one, else the
 * published version. Trigger matching, payloads, sender ids, the delay and the loop brake are
 * skipped; conditions run and messages really go out. Every refusal comes before anything runs;
 * once steps ran, the answer is the execution, failed or not.
 */
export async function testRunFlow(services: AppServices, params: { organizationId: string; id: string }, input: TestRunInput) {
  const db: Database = services.db;
  const flow = await getFlowRow(db, params);
  const versionId = flow.draftVersionId ?? flow.publishedVersionId;
  if (!versionId) throw new BadRequestError('This flow has no version to test: save a definition first');
  const [version] = await db.select().from(automationFlowVersions).where(eq(automationFlowVersions.id, versionId));
  const definition = version!.definition;
  const scope = { organizationId: flow.organizationId, teamId: flow.teamId };
  await assertValidFlow(db, scope, { platformScope: flow.platformScope, definition });

  const { trigger } = definition;
  const inConversation = CONVERSATION_TRIGGERS.includes(trigger.type);
  let conversationId: string | null = null;
  let fetchedCommentId: string | null = null;
  let postId: string | null = null;
  let text = input.text ?? null;
  if (inConversation) {
    if (!input.conversationId) throw new BadRequestError(`A ${trigger.type} flow is tested in a conversation: give input.conversationId`, [{ code: 'custom', message: 'Required', path: ['input', 'conversationId'] }]);
    const conversation = await inTeam(
      db.select().from(conversations).where(and(eq(conversations.organizationId, flow.organizationId), eq(conversations.teamId, flow.teamId), eq(conversations.id, input.conversationId))),
      'Conversation',
    );
    conversationId = conversation.id;
  } else {
    if (!input.fetchedCommentId) throw new BadRequestError('A comment flow is tested on a comment: give input.fetchedCommentId', [{ code: 'custom', message: 'Required', path: ['input', 'fetchedCommentId'] }]);
    const comment = await inTeam(
      db.select().from(fetchedComments).where(and(eq(fetchedComments.organizationId, flow.organizationId), eq(fetchedComments.teamId, flow.teamId), eq(fetchedComments.id, input.fetchedCommentId))),
      'Fetched comment',
    );
    fetchedCommentId = comment.id;
    postId = comment.postId;
    text ??= comment.text;
  }
  const socialAccountId = trigger.socialAccountId!;
  const now = new Date();
  const budget = await monthlyBudget(db, flow.organizationId, socialAccountId, now);
  if (budget.used >= budget.limit) throw new ForbiddenError(budgetMessage(budget.limit));

  const [execution] = await db
    .insert(automationExecutions)
    .values({
      organizationId: flow.organizationId,
      teamId: flow.teamId,
      flowId: flow.id,
      flowVersionId: version!.id,
      triggerId: `test_${crypto.randomUUID()}`,
      platform: trigger.platform,
      socialAccountId,
      fetchedCommentId,
      conversationId,
      senderExternalId: input.senderExternalId ?? null,
      status: 'RUNNING',
      input: { type: 'MANUAL_TEST', platform: trigger.platform, postId, text, payload: input.payload ?? null, conversationId, fetchedCommentId },
      receivedAt: now,
      scheduledAt: now,
      startedAt: now,
    })
    .returning();
  await executeSteps(services, execution!, definition.steps);
  return getExecution(db, { organizationId: flow.organizationId, id: execution!.id });
}
