import { and, countDistinct, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { automationExecutions, type ExecutionError } from '../../db/schema/automations';
import { inboundEvents } from '../../db/schema/ingest';
import { organizations } from '../../db/schema/organizations';
import { socialAccounts } from '../../db/schema/social-accounts';
import type { Plan } from '../../organizations/organizations.service';
import type { ExecutionErrorCode, TriggerType } from '../shared/automation-constants';
import type { SocialAccountType } from '../../platforms/platform-types';

/** The spec's monthly run budget per account. */
export const MONTHLY_RUN_LIMITS: Record<Plan, number> = { FREE: 0, PRO: 200, BUSINESS: 1000 };

const COOLDOWN_MS = 60_000;
const HOURLY_ANSWERS = 6;

/** Runs that count toward the budget: condition stops, safety skips and cancels do not (the spec). */
const COUNTED = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;

export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Runs of the account this UTC month that count (test runs included: they are COMPLETED or FAILED). */
export async function runsThisMonth(db: Executor, socialAccountId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(automationExecutions)
    .where(
      and(
        eq(automationExecutions.socialAccountId, socialAccountId),
        inArray(automationExecutions.status, [...COUNTED]),
        gte(automationExecutions.createdAt, monthStart(now)),
      ),
    );
  return row?.value ?? 0;
}

/** The account's budget this month under the organization's plan: what it allows and what is used. */
export async function monthlyBudget(db: Executor, organizationId: string, socialAccountId: string, now: Date): Promise<{ limit: number; used: number }> {
  const [organization] = await db.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, organizationId));
  return { limit: MONTHLY_RUN_LIMITS[organization?.plan ?? 'FREE'], used: await runsThisMonth(db, socialAccountId, now) };
}

export const budgetMessage = (limit: number) => `Monthly run budget used: ${limit} runs per account on this plan; it resets on the 1st (UTC)`;

const skipped = (code: ExecutionErrorCode, message: string): ExecutionError => ({ code, message });

/**
 * The loop brake: automated answers to one person (DMs, or TikTok commenters) at most one per 60
 * seconds and six per hour. An answer is one event answered (several flows answering the same
 * event are one answer), counted from the runs recorded for earlier events of that person. Runs
 * for taps are no answers here: a tap that fell back to a DM_RECEIVED flow carries `input.tap`.
 */
async function brake(db: Executor, event: { socialAccountId: string; senderExternalId: string | null; triggerId: string; type: TriggerType }, now: Date) {
  if (!event.senderExternalId) return null;
  const since = (ms: number) =>
    db
      .select({ value: countDistinct(automationExecutions.triggerId) })
      .from(automationExecutions)
      .where(
        and(
          eq(automationExecutions.socialAccountId, event.socialAccountId),
          eq(automationExecutions.senderExternalId, event.senderExternalId!),
          ne(automationExecutions.triggerId, event.triggerId),
          inArray(automationExecutions.status, [...COUNTED]),
          sql`${automationExecutions.input}->>'type' = ${event.type}`,
          sql`coalesce(${automationExecutions.input}->>'tap', 'false') <> 'true'`,
          gte(automationExecutions.createdAt, new Date(now.getTime() - ms)),
        ),
      );
  const [[minute], [hour]] = await Promise.all([since(COOLDOWN_MS), since(3600_000)]);
  const dm = event.type === 'DM_RECEIVED';
  if ((minute?.value ?? 0) > 0) {
    return dm
      ? skipped('AUTOMATION_CONVERSATION_COOLDOWN', 'This person got an automated reply less than 60 seconds ago')
      : skipped('AUTOMATION_COMMENTER_COOLDOWN', 'This commenter got an automated reply less than 60 seconds ago');
  }
  if ((hour?.value ?? 0) >= HOURLY_ANSWERS) {
    return dm
      ? skipped('AUTOMATION_CONVERSATION_HOURLY_LIMIT', `This person already got ${HOURLY_ANSWERS} automated replies in the last hour`)
      : skipped('AUTOMATION_COMMENTER_HOURLY_LIMIT', `This commenter already got ${HOURLY_ANSWERS} automated replies in the last hour`);
  }
  return null;
}

/**
 * Serializes the recording of runs per page, until the transaction ends: the monthly budget is
 * then counted exactly (two events at the last slot cannot both take it) and, for a page
 * connected to several teams, exactly one team's runs claim each event.
 */
export async function lockPageRuns(tx: Executor, page: { platform: string; externalId: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`automation-runs:${page.platform}:${page.externalId}`}, 0))`);
}

export const executionPausedError = () =>
  skipped('AUTOMATION_EXECUTION_DISABLED', 'Automations are briefly paused on the service side; the run was not started');

/**
 * A page connected to several teams (or organizations) receives each event once per connected
 * account; the first team whose flows claim the event answers it, the others are SKIPPED.
 */
async function sharedPageClaimed(
  db: Executor,
  event: {
    socialAccountId: string;
    platform: SocialAccountType;
    pageExternalId: string | null;
    externalEventId: string | null;
    senderExternalId: string | null;
  },
) {
  if (!event.pageExternalId || !event.externalEventId) return null;
  const siblings = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.type, event.platform), eq(socialAccounts.externalId, event.pageExternalId), ne(socialAccounts.id, event.socialAccountId)));
  if (siblings.length === 0) return null;
  const [claimed] = await db
    .select({ id: automationExecutions.id })
    .from(automationExecutions)
    .innerJoin(inboundEvents, eq(inboundEvents.id, automationExecutions.triggerId))
    .where(
      and(
        inArray(
          automationExecutions.socialAccountId,
          siblings.map((sibling) => sibling.id),
        ),
        event.senderExternalId ? eq(automationExecutions.senderExternalId, event.senderExternalId) : undefined,
        inArray(automationExecutions.status, [...COUNTED]),
        eq(inboundEvents.externalEventId, event.externalEventId),
      ),
    )
    .limit(1);
  return claimed ? skipped('AUTOMATION_SHARED_PAGE_CLAIMED', 'Another team with this page connected already answered this event') : null;
}

export type SafetyEvent = {
  organizationId: string;
  socialAccountId: string;
  senderExternalId: string | null;
  triggerId: string;
  platform: SocialAccountType;
  type: TriggerType;
  /** A quick-reply or button tap (whatever flow type caught it): the spec lets taps skip the loop brake. */
  tap: boolean;
  /** The page (account) id on the platform and the platform's id of the event, for shared pages. */
  pageExternalId: string | null;
  externalEventId: string | null;
};

/**
 * The safety limits checked when a run is recorded (under `lockPageRuns`), first hit wins:
 * automations off for the organization, automations paused service-wide by the operator, the
 * event already claimed by another team sharing the page, the account's monthly budget, then the
 * loop brake (DMs and TikTok comments; taps skip it). `null` when the run may go ahead.
 */
export async function safetyLimitHit(db: Executor, event: SafetyEvent, options: { paused: boolean }): Promise<ExecutionError | null> {
  const now = new Date();
  const [organization] = await db.select({ on: organizations.automationsEnabled }).from(organizations).where(eq(organizations.id, event.organizationId));
  if (!organization?.on) return skipped('AUTOMATIONS_DISABLED', 'Automations are switched off for this organization');
  if (options.paused) return executionPausedError();
  const shared = await sharedPageClaimed(db, event);
  if (shared) return shared;
  const budget = await monthlyBudget(db, event.organizationId, event.socialAccountId, now);
  if (budget.used >= budget.limit) return skipped('AUTOMATION_MONTHLY_LIMIT_REACHED', budgetMessage(budget.limit));
  const braked = !event.tap && (event.type === 'DM_RECEIVED' || (event.type === 'COMMENT_CREATED' && event.platform === 'TIKTOK'));
  return braked ? brake(db, event, now) : null;
}
