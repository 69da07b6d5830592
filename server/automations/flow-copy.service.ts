import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { automationFlows, automationFlowVersions } from '../db/schema/automations';
import { NotFoundError } from '../http/errors';
import { getTeam } from '../teams/teams.service';
import { presentFlows, type FlowRow } from './flow-dto';
import { getFlowRow, type OrgScope } from './flows.service';
import type { FlowDefinition } from './shared/flow-definition';

/**
 * What a copy keeps of a definition: everything but what names the source team's world (the
 * account, its post, its people). The copy is a draft until someone points it at the target's.
 */
export function detachedDefinition(definition: FlowDefinition): FlowDefinition {
  return { ...definition, trigger: { ...definition.trigger, socialAccountId: null, postId: null, senderExternalIds: [] } };
}

/**
 * Copies one flow, or every flow of the source team (archived included), into the target team
 * as drafts: the draft when there is one, else the published version. Source and target differ
 * (the body schema says so).
 */
export async function copyFlows(db: Database, scope: OrgScope, input: { sourceTeamId: string; targetTeamId: string; flowId?: string }) {
  await getTeam(db, { organizationId: scope.organizationId, id: input.sourceTeamId });
  await getTeam(db, { organizationId: scope.organizationId, id: input.targetTeamId });
  let sources: FlowRow[];
  if (input.flowId) {
    const flow = await getFlowRow(db, { organizationId: scope.organizationId, id: input.flowId });
    if (flow.teamId !== input.sourceTeamId) throw new NotFoundError('Automation flow');
    sources = [flow];
  } else {
    sources = await db
      .select()
      .from(automationFlows)
      .where(and(eq(automationFlows.organizationId, scope.organizationId), eq(automationFlows.teamId, input.sourceTeamId), isNull(automationFlows.deletedAt)))
      // Oldest first, so the copies list in the same order as their sources.
      .orderBy(asc(automationFlows.createdAt), asc(automationFlows.id));
  }
  const versionIds = sources.map((flow) => flow.draftVersionId ?? flow.publishedVersionId).filter((id): id is string => !!id);
  const versions = versionIds.length ? await db.select().from(automationFlowVersions).where(inArray(automationFlowVersions.id, versionIds)) : [];
  const definitions = new Map(versions.map((version) => [version.id, version.definition]));

  const copies = await db.transaction(async (tx) => {
    const rows: FlowRow[] = [];
    const start = Date.now();
    for (const [index, source] of sources.entries()) {
      // now() is the transaction's start in Postgres: explicit, increasing times keep the copies' order.
      const createdAt = new Date(start + index);
      const base = {
        organizationId: scope.organizationId,
        teamId: input.targetTeamId,
        name: source.name,
        platformScope: source.platformScope,
        status: 'DRAFT' as const,
        createdAt,
        updatedAt: createdAt,
      };
      const found = definitions.get(source.draftVersionId ?? source.publishedVersionId ?? '');
      if (!found) {
        const [created] = await tx.insert(automationFlows).values(base).returning();
        rows.push(created!);
        continue;
      }
      const definition = detachedDefinition(found);
      const [created] = await tx
        .insert(automationFlows)
        .values({ ...base, lastVersion: 1 })
        .returning();
      const [draft] = await tx
        .insert(automationFlowVersions)
        .values({
          flowId: created!.id,
          organizationId: scope.organizationId,
          version: 1,
          status: 'DRAFT',
          definition,
          triggerType: definition.trigger.type,
          platform: definition.trigger.platform,
        })
        .returning({ id: automationFlowVersions.id });
      const [updated] = await tx.update(automationFlows).set({ draftVersionId: draft!.id }).where(eq(automationFlows.id, created!.id)).returning();
      rows.push(updated!);
    }
    return rows;
  });
  // Newest first, as lists are.
  const items = await presentFlows(db, copies.reverse());
  return { items, total: items.length };
}
