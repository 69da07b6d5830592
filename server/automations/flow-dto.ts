import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { automationFlows, automationFlowVersions } from '../db/schema/automations';
import { flowRunStats, type FlowRunStats } from './flow-run-stats';

export type FlowRow = typeof automationFlows.$inferSelect;
export type FlowVersionRow = typeof automationFlowVersions.$inferSelect;

export function toFlowVersionDto(row: FlowVersionRow) {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    definition: row.definition,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toFlowDto(row: FlowRow, versions: Map<string, FlowVersionRow>, runStats: FlowRunStats) {
  const version = (versionId: string | null) => {
    const found = versionId ? versions.get(versionId) : undefined;
    return found ? toFlowVersionDto(found) : null;
  };
  return {
    id: row.id,
    teamId: row.teamId,
    name: row.name,
    status: row.status,
    platformScope: row.platformScope,
    publishedVersion: version(row.publishedVersionId),
    draftVersion: version(row.draftVersionId),
    runStats,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Flows with their published and draft versions and run figures, read in one query each for the whole page. */
export async function presentFlows(db: Executor, rows: FlowRow[]) {
  const ids = rows.flatMap((row) => [row.publishedVersionId, row.draftVersionId]).filter((value): value is string => !!value);
  const [versions, stats] = await Promise.all([
    ids.length ? db.select().from(automationFlowVersions).where(inArray(automationFlowVersions.id, ids)) : [],
    flowRunStats(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const byId = new Map(versions.map((version) => [version.id, version]));
  return rows.map((row) => toFlowDto(row, byId, stats.get(row.id)!));
}

export async function presentFlow(db: Executor, row: FlowRow) {
  const [dto] = await presentFlows(db, [row]);
  return dto!;
}
