import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterCommit } from '../../db/after-commit';
import type { Executor, Transaction } from '../../db/client';
import { automationExecutions, automationFlows, automationFlowVersions, type ExecutionError, type ExecutionInput } from '../../db/schema/automations';
import { IN_PROCESS_FALLBACK_MS } from '../../jobs/in-process';
import type { AppServices } from '../../services';
import type { SocialAccountType } from '../../platforms/platform-types';
import type { TriggerType } from '../shared/automation-constants';
import { triggerMatches, type TriggerEvent } from '../shared/keyword-match';
import { runAutomationExecutionJob } from './executor.jobs';
import { rateLimitedUntil } from './rate-limited';
import { runNow } from './run-now';
import { lockPageRuns, safetyLimitHit } from './safety-limits';

/** The spec: up to 25 flows run per event. */
export const FLOWS_PER_EVENT = 25;

/** One event as the executor sees it, with what the inbox or comments domain stored for it. */
export type AutomationEvent = {
  /** The inbound event's id: one run per flow and event. */
  triggerId: string;
  organizationId: string;
  socialAccountId: string;
  platform: SocialAccountType;
  receivedAt: Date;
  text: string | null;
  payload: string | null;
  /** A quick-reply or button tap, also when it falls back to DM_RECEIVED flows: the loop brake skips taps. */
  tap: boolean;
  senderExternalId: string | null;
  postId?: string | null;
  conversationId?: string | null;
  conversationMessageId?: string | null;
  fetchedCommentId?: string | null;
  /** The page's id on the platform (the event's recipient) and the platform's event id. */
  pageExternalId: string | null;
  externalEventId: string | null;
};

type Listening = { flow: typeof automationFlows.$inferSelect; version: typeof automationFlowVersions.$inferSelect };

/** Active flows whose published version listens on the account for one of these triggers, oldest first. */
async function listeningFlows(tx: Executor, event: AutomationEvent, types: TriggerType[]): Promise<Listening[]> {
  return tx
    .select({ flow: automationFlows, version: automationFlowVersions })
    .from(automationFlowVersions)
    .innerJoin(automationFlows, eq(automationFlows.publishedVersionId, automationFlowVersions.id))
    .where(
      and(
        eq(automationFlowVersions.socialAccountId, event.socialAccountId),
        inArray(automationFlowVersions.triggerType, types),
        eq(automationFlows.organizationId, event.organizationId),
        eq(automationFlows.status, 'ACTIVE'),
        isNull(automationFlows.deletedAt),
      ),
    )
    .orderBy(asc(automationFlows.createdAt), asc(automationFlows.id));
}

function matching(candidates: Listening[], event: AutomationEvent, type: TriggerType): Listening[] {
  const triggerEvent: TriggerEvent = { ...event, type };
  return candidates.filter(({ version }) => {
    const trigger = version.definition.trigger;
    return triggerMatches({ ...trigger, socialAccountId: version.socialAccountId, postId: version.postId }, triggerEvent);
  });
}

/**
 * The trigger evaluation of the spec: each type in `order` is tried in turn and the first that
 * matches any flow wins (a quick-reply tap runs QUICK_REPLY_CLICKED flows, and DM_RECEIVED flows
 * only when none matched). Every matching flow of that type runs, up to 25.
 */
export function selectFlows(candidates: Listening[], event: AutomationEvent, order: TriggerType[]): { type: TriggerType; flows: Listening[] } | null {
  for (const type of order) {
    const flows = matching(candidates, event, type);
    if (flows.length > 0) return { type, flows: flows.slice(0, FLOWS_PER_EVENT) };
  }
  return null;
}

/**
 * Records the runs an event causes, in the transaction that consumes the event: QUEUED runs get a
 * job due at `receivedAt + delay` (or the account's rate-limit reset; enqueued in the same
 * transaction, so a rolled-back event leaves neither), runs without a delay also start in this
 * worker once the transaction commits, and runs a safety limit stops are recorded SKIPPED at once.
 */
export async function recordRuns(tx: Transaction, services: AppServices, event: AutomationEvent, order: TriggerType[]): Promise<number> {
  // A worker starts runs without a delay itself once the event's transaction commits; their job,
  // due a little later, is the fallback should this process stop first (QUEUED → RUNNING claims).
  const inline = services.jobs.handles(runAutomationExecutionJob);
  const candidates = await listeningFlows(tx, event, order);
  const selected = selectFlows(candidates, event, order);
  if (!selected) return 0;
  let recorded = 0;
  if (event.pageExternalId) await lockPageRuns(tx, { platform: event.platform, externalId: event.pageExternalId });
  // The spec: a run meets a platform rate limit of the account QUEUED, until the reset.
  const limitedUntil = await rateLimitedUntil(tx, event.socialAccountId, new Date());
  for (const { flow, version } of selected.flows) {
    const delayMs = (version.definition.trigger.actionDelaySeconds ?? 0) * 1000;
    const scheduledAt = new Date(event.receivedAt.getTime() + delayMs);
    const waitsForReset = limitedUntil !== null && limitedUntil.getTime() > scheduledAt.getTime();
    const input: ExecutionInput = {
      type: selected.type,
      platform: event.platform,
      postId: event.postId ?? null,
      text: event.text,
      payload: event.payload,
      tap: event.tap,
    };
    const skip: ExecutionError | null = await safetyLimitHit(tx, { ...event, type: selected.type }, { paused: services.config.AUTOMATION_EXECUTION_PAUSED });
    const now = new Date();
    const [row] = await tx
      .insert(automationExecutions)
      .values({
        organizationId: flow.organizationId,
        teamId: flow.teamId,
        flowId: flow.id,
        flowVersionId: version.id,
        triggerId: event.triggerId,
        platform: event.platform,
        socialAccountId: event.socialAccountId,
        fetchedCommentId: event.fetchedCommentId ?? null,
        conversationId: event.conversationId ?? null,
        conversationMessageId: event.conversationMessageId ?? null,
        senderExternalId: event.senderExternalId,
        status: skip ? 'SKIPPED' : 'QUEUED',
        error: skip,
        input,
        output: !skip && waitsForReset ? { rateLimitedUntil: limitedUntil!.toISOString() } : null,
        receivedAt: event.receivedAt,
        scheduledAt,
        completedAt: skip ? now : null,
      })
      .onConflictDoNothing()
      .returning({ id: automationExecutions.id });
    if (!row) continue; // the event was consumed before: its runs exist
    recorded += 1;
    if (skip) continue;
    const startNow = inline && delayMs === 0 && !waitsForReset;
    const startAfter = startNow ? new Date(scheduledAt.getTime() + IN_PROCESS_FALLBACK_MS) : waitsForReset ? limitedUntil! : scheduledAt;
    await services.jobs.send(runAutomationExecutionJob, { executionId: row.id }, { executor: tx, startAfter });
    if (startNow) afterCommit(tx, () => runNow(services, row.id));
  }
  return recorded;
}
