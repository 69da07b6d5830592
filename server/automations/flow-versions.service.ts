import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { automationFlowVersions } from '../db/schema/automations';
import { NotFoundError } from '../http/errors';
import { toFlowVersionDto } from './flow-dto';
import { getFlowRow, type OrgScope } from './flows.service';

export type FlowVersionListInput = OrgScope & { flowId: string; teamId?: string; limit: number; offset: number };

/**
 * The published versions of a flow, newest first, each saying whether it is the flow's live one.
 * The draft is not history (it is overwritten in place and read from the flow itself), and
 * publish does not record who published, so neither is in the answer (decision 062).
 */
export async function listFlowVersions(db: Executor, input: FlowVersionListInput) {
  const flow = await getFlowRow(db, { organizationId: input.organizationId, id: input.flowId });
  if (input.teamId && flow.teamId !== input.teamId) throw new NotFoundError('Automation flow');
  const published = and(
    eq(automationFlowVersions.organizationId, input.organizationId),
    eq(automationFlowVersions.flowId, flow.id),
    eq(automationFlowVersions.status, 'PUBLISHED'),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(automationFlowVersions).where(published).orderBy(desc(automationFlowVersions.version)).offset(input.offset).limit(input.limit),
    db.select({ value: count() }).from(automationFlowVersions).where(published),
  ]);
  return {
    items: rows.map((row) => ({ ...toFlowVersionDto(row), live: row.id === flow.publishedVersionId })),
    total: total?.value ?? 0,
  };
}
