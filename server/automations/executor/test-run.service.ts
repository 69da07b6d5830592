import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { automationExecutions, automationFlowVersions } from '../../db/schema/automations';
import { fetchedComments } from '../../db/schema/comments';
import { conversations } from '../../db/schema/inbox';
import { socialAccounts } from '../../db/schema/social-accounts';
import { BadRequestError, ForbiddenError, NotFoundError, RateLimitedError } from '../../http/errors';
import { PlatformError } from '../../platforms/platform-error';
import type { AppServices } from '../../services';
import { getExecution } from '../executions.service';
import { assertValidFlow } from '../flow-validation';
import { getFlowRow, storedDraftDefinition } from '../flows.service';
import { CONVERSATION_TRIGGERS } from '../shared/automation-constants';
import { executeSteps } from './run-execution';
import { rateLimitedUntil } from './rate-limited';
import { budgetMessage, executionPausedError, lockPageRuns, monthlyBudget } from './safety-limits';

const rateLimited = (until: Date) =>
  new RateLimitedError(
    `The platform is rate-limiting this account until ${until.toISOString()}`,
    Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)),
  );

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
  // The draft may be work in progress, saved whatever its shape: checked again, as publishing does.
  const definition = versionId === flow.draftVersionId ? storedDraftDefinition(version!.definition) : version!.definition;
  const scope = { organizationId: flow.organizationId, teamId: flow.teamId };
  await assertValidFlow(db, scope, { platformScope: flow.platformScope, definition });

  const { trigger } = definition;
  const inConversation = CONVERSATION_TRIGGERS.includes(trigger.type);
  let conversationId: string | null = null;
  let fetchedCommentId: string | null = null;
  let postId: string | null = null;
  let text = input.text ?? null;
  if (inConversation) {
    if (!input.conversationId)
      throw new BadRequestError(`A ${trigger.type} flow is tested in a conversation: give input.conversationId`, [
        { code: 'custom', message: 'Required', path: ['input', 'conversationId'] },
      ]);
    const conversation = await inTeam(
      db
        .select()
        .from(conversations)
        .where(and(eq(conversations.organizationId, flow.organizationId), eq(conversations.teamId, flow.teamId), eq(conversations.id, input.conversationId))),
      'Conversation',
    );
    conversationId = conversation.id;
  } else {
    if (!input.fetchedCommentId)
      throw new BadRequestError('A comment flow is tested on a comment: give input.fetchedCommentId', [
        { code: 'custom', message: 'Required', path: ['input', 'fetchedCommentId'] },
      ]);
    const comment = await inTeam(
      db
        .select()
        .from(fetchedComments)
        .where(
          and(eq(fetchedComments.organizationId, flow.organizationId), eq(fetchedComments.teamId, flow.teamId), eq(fetchedComments.id, input.fetchedCommentId)),
        ),
      'Fetched comment',
    );
    fetchedCommentId = comment.id;
    postId = comment.postId;
    text ??= comment.text;
  }
  const socialAccountId = trigger.socialAccountId!;
  const [account] = await db
    .select({ type: socialAccounts.type, externalId: socialAccounts.externalId })
    .from(socialAccounts)
    .where(eq(socialAccounts.id, socialAccountId));
  const paused = services.config.AUTOMATION_EXECUTION_PAUSED;
  // The budget check and the run's row in one transaction under the page's lock: exact at the last slot.
  const execution = await db.transaction(async (tx) => {
    if (account?.externalId) await lockPageRuns(tx, { platform: account.type, externalId: account.externalId });
    const now = new Date();
    const budget = await monthlyBudget(tx, flow.organizationId, socialAccountId, now);
    if (budget.used >= budget.limit) throw new ForbiddenError(budgetMessage(budget.limit));
    const limitedUntil = await rateLimitedUntil(tx, socialAccountId, now);
    if (limitedUntil) throw rateLimited(limitedUntil);
    const [row] = await tx
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
        // Paused service-side by the operator: the test answers with the run SKIPPED, nothing sent.
        status: paused ? 'SKIPPED' : 'RUNNING',
        error: paused ? executionPausedError() : null,
        input: { type: 'MANUAL_TEST', platform: trigger.platform, postId, text, payload: input.payload ?? null, conversationId, fetchedCommentId },
        receivedAt: now,
        scheduledAt: now,
        startedAt: paused ? null : now,
        completedAt: paused ? now : null,
      })
      .returning();
    return row!;
  });
  if (paused) return getExecution(db, { organizationId: flow.organizationId, id: execution.id });
  try {
    await executeSteps(services, execution, definition.steps, { rateLimits: 'throw' });
  } catch (error) {
    // The platform refused the first action: nothing ran, so nothing is kept and the answer is 429.
    if (error instanceof PlatformError && error.code === 'RATE_LIMITED') await db.delete(automationExecutions).where(eq(automationExecutions.id, execution.id));
    throw error;
  }
  return getExecution(db, { organizationId: flow.organizationId, id: execution.id });
}
