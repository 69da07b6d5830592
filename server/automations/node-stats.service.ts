import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { automationExecutions, automationExecutionSteps, automationFlowVersions } from '../db/schema/automations';
import { BadRequestError, NotFoundError } from '../http/errors';
import { countedRuns, countWhere } from './flow-run-stats';
import { getFlowRow, type OrgScope } from './flows.service';
import { EXECUTION_RETENTION_MS } from './shared/automation-constants';

export type NodeRunCounts = { reached: number; completed: number; skipped: number; failed: number };
export type NodeStatsInput = OrgScope & { flowId: string; teamId?: string; flowVersionId?: string; from?: string; to?: string };

const DEFAULT_PERIOD_MS = 7 * 24 * 3600_000;

/**
 * Per-node counts of one published version (the live one unless named) over a period: the
 * trigger counts the runs and how they ended; a step counts the runs that reached it (have a step
 * execution for it) and how that step ended. Two grouped queries, whatever the number of runs.
 */
export async function nodeRunStats(db: Executor, input: NodeStatsInput, now = new Date()) {
  const flow = await getFlowRow(db, { organizationId: input.organizationId, id: input.flowId });
  if (input.teamId && flow.teamId !== input.teamId) throw new NotFoundError('Automation flow');
  const versionId = input.flowVersionId ?? flow.publishedVersionId;
  const to = input.to ? new Date(input.to) : now;
  const from = input.from ? new Date(input.from) : new Date(to.getTime() - DEFAULT_PERIOD_MS);
  if (from >= to) throw new BadRequestError('from: must be before to');
  const retainedSince = new Date(now.getTime() - EXECUTION_RETENTION_MS);
  const since = from < retainedSince ? retainedSince : from;
  const zero = { reached: 0, completed: 0, skipped: 0, failed: 0 };
  // Never published: nothing has run, and there is no version to name.
  if (!versionId) return { flowVersionId: null, from: since.toISOString(), to: to.toISOString(), trigger: zero, steps: [] };
  // Only a published version of this flow: a draft never runs, another flow's version is not here.
  const [version] = await db
    .select({ id: automationFlowVersions.id })
    .from(automationFlowVersions)
    .where(and(eq(automationFlowVersions.id, versionId), eq(automationFlowVersions.flowId, flow.id), eq(automationFlowVersions.status, 'PUBLISHED')));
  if (!version) throw new NotFoundError('Automation flow version');
  const runs = and(
    eq(automationExecutions.organizationId, input.organizationId),
    eq(automationExecutions.flowId, flow.id),
    eq(automationExecutions.flowVersionId, versionId),
    gte(automationExecutions.createdAt, since),
    lt(automationExecutions.createdAt, to),
    countedRuns(),
  );
  const byStatus = (column: typeof automationExecutions.status | typeof automationExecutionSteps.status) => ({
    reached: sql<number>`count(*)`.mapWith(Number),
    completed: countWhere(sql`${column} = 'COMPLETED'`),
    skipped: countWhere(sql`${column} = 'SKIPPED'`),
    failed: countWhere(sql`${column} = 'FAILED'`),
  });
  const [[trigger], steps] = await Promise.all([
    db.select(byStatus(automationExecutions.status)).from(automationExecutions).where(runs),
    db
      .select({ stepId: automationExecutionSteps.stepId, ...byStatus(automationExecutionSteps.status) })
      .from(automationExecutionSteps)
      .innerJoin(automationExecutions, eq(automationExecutions.id, automationExecutionSteps.executionId))
      .where(runs)
      .groupBy(automationExecutionSteps.stepId),
  ]);
  return {
    flowVersionId: versionId,
    from: since.toISOString(),
    to: to.toISOString(),
    trigger: trigger ?? zero,
    steps: steps.map(({ stepId, ...counts }) => ({ stepId, ...counts })),
  };
}
