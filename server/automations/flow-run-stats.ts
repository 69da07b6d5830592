import { and, gte, inArray, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { automationExecutions } from '../db/schema/automations';
import { monthStart } from './executor/safety-limits';
import { EXECUTION_RETENTION_MS } from './shared/automation-constants';

/**
 * Runs that the statistics count: real traffic only. Test runs (`MANUAL_TEST`) show their result
 * in the test panel and would inflate a flow's figures; canceled runs never ran.
 */
export const countedRuns = () => and(ne(automationExecutions.status, 'CANCELED'), sql`coalesce(${automationExecutions.input}->>'type', '') <> 'MANUAL_TEST'`);

export const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export type FlowRunStats = { runsThisMonth: number; lastRunAt: string | null };

/**
 * Runs this UTC month (the month of the run budget) and the newest run per flow, for a whole page
 * of flows in one grouped query. Runs older than the 30-day retention are not counted.
 */
export async function flowRunStats(db: Executor, flowIds: string[], now = new Date()): Promise<Map<string, FlowRunStats>> {
  const stats = new Map<string, FlowRunStats>(flowIds.map((id) => [id, { runsThisMonth: 0, lastRunAt: null }]));
  if (flowIds.length === 0) return stats;
  const retainedSince = new Date(now.getTime() - EXECUTION_RETENTION_MS);
  const rows = await db
    .select({
      flowId: automationExecutions.flowId,
      runsThisMonth: countWhere(sql`${automationExecutions.createdAt} >= ${monthStart(now).toISOString()}::timestamptz`),
      lastRunAt: max(automationExecutions.createdAt),
    })
    .from(automationExecutions)
    .where(and(inArray(automationExecutions.flowId, flowIds), gte(automationExecutions.createdAt, retainedSince), countedRuns()))
    .groupBy(automationExecutions.flowId);
  for (const row of rows) stats.set(row.flowId, { runsThisMonth: row.runsThisMonth, lastRunAt: row.lastRunAt ? new Date(row.lastRunAt).toISOString() : null });
  return stats;
}
