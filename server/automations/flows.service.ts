import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { automationExecutions, automationFlows, automationFlowVersions } from '../db/schema/automations';
import { socialAccounts } from '../db/schema/social-accounts';
import { BadRequestError, NotFoundError } from '../http/errors';
import { issuesFromZod } from '../http/error-schema';
import { decodeCursor, nextCursorOf } from '../http/keyset-cursor';
import { getTeam } from '../teams/teams.service';
import { presentFlow, presentFlows, type FlowRow } from './flow-dto';
import { assertValidFlow, flowProblems } from './flow-validation';
import { scopeFits } from './shared/flow-fit';
import type { FlowStatus, PlatformScope } from './shared/automation-constants';
import { FlowDefinitionSchema, normalizeDefinition, type FlowDefinition, type FlowDefinitionInput } from './shared/flow-definition';

export type OrgScope = { organizationId: string };

/** A flow of the organization that is not deleted; anything else is "Automation flow not found". */
export async function getFlowRow(db: Executor, params: OrgScope & { id: string }, options: { lock?: boolean } = {}): Promise<FlowRow> {
  const query = db
    .select()
    .from(automationFlows)
    .where(and(eq(automationFlows.organizationId, params.organizationId), eq(automationFlows.id, params.id), isNull(automationFlows.deletedAt)));
  // Publishing and state changes of one flow take turns: version numbers and transitions stay consistent.
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('Automation flow');
  return row;
}

export async function getFlow(db: Executor, params: OrgScope & { id: string }) {
  return presentFlow(db, await getFlowRow(db, params));
}

export type FlowListInput = OrgScope & {
  teamId: string;
  status?: FlowStatus;
  platformScope?: PlatformScope;
  socialAccountId?: string;
  limit: number;
  offset: number;
  cursor?: string;
};

/** Newest first, archived included; a cursor continues after the last flow of the previous page. */
export async function listFlows(db: Executor, input: FlowListInput) {
  await getTeam(db, { organizationId: input.organizationId, id: input.teamId });
  const filters = and(
    eq(automationFlows.organizationId, input.organizationId),
    eq(automationFlows.teamId, input.teamId),
    isNull(automationFlows.deletedAt),
    input.status ? eq(automationFlows.status, input.status) : undefined,
    input.platformScope ? eq(automationFlows.platformScope, input.platformScope) : undefined,
    input.socialAccountId
      ? inArray(
          automationFlows.publishedVersionId,
          db.select({ id: automationFlowVersions.id }).from(automationFlowVersions).where(eq(automationFlowVersions.socialAccountId, input.socialAccountId)),
        )
      : undefined,
  );
  const position = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await db
    .select()
    .from(automationFlows)
    .where(
      position
        ? and(filters, sql`(${automationFlows.createdAt}, ${automationFlows.id}) < (${position.at.toISOString()}::timestamptz, ${position.id})`)
        : filters,
    )
    .orderBy(desc(automationFlows.createdAt), desc(automationFlows.id))
    .offset(position ? 0 : input.offset)
    .limit(input.limit + 1);
  const [total] = await db.select({ value: count() }).from(automationFlows).where(filters);
  return {
    items: await presentFlows(db, rows.slice(0, input.limit)),
    total: total?.value ?? 0,
    nextCursor: nextCursorOf(rows, input.limit, (row) => row.createdAt),
  };
}

/** The row values of a version: the trigger's routing fields are copied out of the definition. */
function versionValues(flow: Pick<FlowRow, 'id' | 'organizationId'>, definition: FlowDefinition) {
  return {
    flowId: flow.id,
    organizationId: flow.organizationId,
    definition,
    triggerType: definition.trigger.type,
    platform: definition.trigger.platform,
    socialAccountId: definition.trigger.socialAccountId,
    postId: definition.trigger.postId ?? null,
  };
}

/** Takes the next version number of a flow (inside the caller's transaction, the flow row locked). */
async function nextVersion(tx: Executor, flow: FlowRow): Promise<number> {
  const [updated] = await tx
    .update(automationFlows)
    .set({ lastVersion: sql`${automationFlows.lastVersion} + 1` })
    .where(eq(automationFlows.id, flow.id))
    .returning({ lastVersion: automationFlows.lastVersion });
  return updated!.lastVersion;
}

/**
 * Writes the draft: overwritten in place (same number) when there is one, else a new version.
 * `routingAccountId` overrides the account column for work in progress, whose account may not exist.
 */
async function saveDraft(tx: Executor, flow: FlowRow, definition: FlowDefinition, routingAccountId?: string | null): Promise<string> {
  const values = { ...versionValues(flow, definition), ...(routingAccountId === undefined ? {} : { socialAccountId: routingAccountId }) };
  if (flow.draftVersionId) {
    await tx.update(automationFlowVersions).set(values).where(eq(automationFlowVersions.id, flow.draftVersionId));
    return flow.draftVersionId;
  }
  const [draft] = await tx
    .insert(automationFlowVersions)
    .values({ ...values, version: await nextVersion(tx, flow), status: 'DRAFT' })
    .returning({ id: automationFlowVersions.id });
  return draft!.id;
}

export type CreateFlowInput = { teamId: string; name: string; platformScope: PlatformScope; definition?: FlowDefinitionInput };

export async function createFlow(db: Database, scope: OrgScope, input: CreateFlowInput) {
  await getTeam(db, { organizationId: scope.organizationId, id: input.teamId });
  const definition = input.definition ? normalizeDefinition(input.definition) : null;
  if (definition) await assertValidFlow(db, { organizationId: scope.organizationId, teamId: input.teamId }, { platformScope: input.platformScope, definition });
  const flow = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(automationFlows)
      .values({ organizationId: scope.organizationId, teamId: input.teamId, name: input.name, platformScope: input.platformScope, status: 'DRAFT' })
      .returning();
    if (!definition) return created!;
    const draftVersionId = await saveDraft(tx, created!, definition);
    const [updated] = await tx.update(automationFlows).set({ draftVersionId }).where(eq(automationFlows.id, created!.id)).returning();
    return updated!;
  });
  return presentFlow(db, flow);
}

async function definitionOf(db: Executor, versionId: string | null): Promise<FlowDefinition | null> {
  if (!versionId) return null;
  const [version] = await db
    .select({ definition: automationFlowVersions.definition })
    .from(automationFlowVersions)
    .where(eq(automationFlowVersions.id, versionId));
  return version?.definition ?? null;
}

export type UpdateFlowInput = { name?: string; platformScope?: PlatformScope; definition?: FlowDefinitionInput };

/** Renames, rescopes, and with a definition replaces the whole draft; the live version keeps running. */
export async function updateFlow(db: Database, params: OrgScope & { id: string }, input: UpdateFlowInput) {
  const flow = await getFlowRow(db, params);
  const platformScope = input.platformScope ?? flow.platformScope;
  const scope = { organizationId: flow.organizationId, teamId: flow.teamId };
  const definition = input.definition ? normalizeDefinition(input.definition) : null;
  if (definition) {
    await assertValidFlow(db, scope, { platformScope, definition });
  } else if (input.platformScope) {
    // Only the scope changes: it must still fit the trigger of the draft (else of the live version).
    const current = await definitionOf(db, flow.draftVersionId ?? flow.publishedVersionId);
    if (current && !scopeFits(platformScope, current.trigger.platform)) {
      throw new BadRequestError(`platformScope: ${platformScope} does not fit the flow's ${current.trigger.platform} trigger`);
    }
  }
  const updated = await db.transaction(async (tx) => {
    const locked = await getFlowRow(tx, params, { lock: true });
    const draftVersionId = definition ? await saveDraft(tx, locked, definition) : locked.draftVersionId;
    const [row] = await tx
      .update(automationFlows)
      .set({ name: input.name ?? locked.name, platformScope, draftVersionId, updatedAt: new Date() })
      .where(eq(automationFlows.id, locked.id))
      .returning();
    return row!;
  });
  return presentFlow(db, updated);
}

/** The trigger's account when it is one of the team's: a draft may name one that is gone or was never there. */
async function routingAccountOf(db: Executor, scope: OrgScope & { teamId: string }, socialAccountId: string | null): Promise<string | null> {
  if (!socialAccountId) return null;
  const [account] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, scope.organizationId), eq(socialAccounts.teamId, scope.teamId), eq(socialAccounts.id, socialAccountId)));
  return account?.id ?? null;
}

/**
 * Saves work in progress (our extension): the draft is stored whatever its problems, and the answer
 * lists them (shape issues, then every other problem) so the builder can show them on their nodes.
 * Only publishing requires a valid flow; the live version keeps running.
 */
export async function saveFlowDraft(db: Database, params: OrgScope & { id: string }, input: { definition: FlowDefinitionInput }) {
  const flow = await getFlowRow(db, params);
  const scope = { organizationId: flow.organizationId, teamId: flow.teamId };
  const definition = normalizeDefinition(input.definition);
  const shape = FlowDefinitionSchema.safeParse(input.definition);
  const issues = shape.success ? [] : issuesFromZod(shape.error).map((issue) => ({ ...issue, path: ['definition', ...issue.path] }));
  const problems = await flowProblems(db, scope, { platformScope: flow.platformScope, definition });
  const routingAccountId = await routingAccountOf(db, scope, definition.trigger.socialAccountId);
  const updated = await db.transaction(async (tx) => {
    const locked = await getFlowRow(tx, params, { lock: true });
    const draftVersionId = await saveDraft(tx, locked, definition, routingAccountId);
    const [row] = await tx.update(automationFlows).set({ draftVersionId, updatedAt: new Date() }).where(eq(automationFlows.id, locked.id)).returning();
    return row!;
  });
  return { flow: await presentFlow(db, updated), publishable: issues.length === 0 && problems.length === 0, issues, problems };
}

/** A draft saved before a rule changed (or a copy, or work in progress) is checked again: both stages, as on save. */
export function storedDraftDefinition(definition: FlowDefinition): FlowDefinition {
  const parsed = FlowDefinitionSchema.safeParse(definition);
  if (!parsed.success) {
    const issues = issuesFromZod(parsed.error).map((issue) => ({ ...issue, path: ['draftVersion', 'definition', ...issue.path] }));
    throw new BadRequestError(`The draft is not valid: ${issues[0]!.message} at ${issues[0]!.path.join('.')}`, issues);
  }
  return normalizeDefinition(parsed.data);
}

/**
 * Goes live with a new, higher version: from the draft (which stays), or from a body definition,
 * which skips the draft. Any state becomes ACTIVE.
 */
export async function publishFlow(db: Database, params: OrgScope & { id: string }, input: { definition?: FlowDefinitionInput }) {
  const flow = await getFlowRow(db, params);
  let definition: FlowDefinition;
  if (input.definition) definition = normalizeDefinition(input.definition);
  else {
    const draft = await definitionOf(db, flow.draftVersionId);
    if (!draft) throw new BadRequestError('Nothing to publish: the flow has no draft; save a definition or send one in the body');
    definition = storedDraftDefinition(draft);
  }
  await assertValidFlow(db, { organizationId: flow.organizationId, teamId: flow.teamId }, { platformScope: flow.platformScope, definition });
  const published = await db.transaction(async (tx) => {
    const locked = await getFlowRow(tx, params, { lock: true });
    const now = new Date();
    const [version] = await tx
      .insert(automationFlowVersions)
      .values({ ...versionValues(locked, definition), version: await nextVersion(tx, locked), status: 'PUBLISHED', publishedAt: now })
      .returning({ id: automationFlowVersions.id });
    const [row] = await tx
      .update(automationFlows)
      .set({ publishedVersionId: version!.id, status: 'ACTIVE', updatedAt: now })
      .where(eq(automationFlows.id, locked.id))
      .returning();
    return row!;
  });
  return presentFlow(db, published);
}

/** Runs still waiting for their delay will not start: the flow was paused, archived or deleted. */
async function cancelWaitingRuns(tx: Executor, flowId: string) {
  const now = new Date();
  await tx
    .update(automationExecutions)
    .set({ status: 'CANCELED', completedAt: now, updatedAt: now })
    .where(and(eq(automationExecutions.flowId, flowId), eq(automationExecutions.status, 'QUEUED')));
}

type Transition = 'pause' | 'activate' | 'archive';

/** The flow state table: which states each action leaves from, and where it goes. */
function nextStatus(flow: FlowRow, action: Transition): FlowStatus {
  switch (action) {
    case 'pause':
      if (flow.status === 'ACTIVE' || flow.status === 'PAUSED') return 'PAUSED';
      throw new BadRequestError(`Only an active flow can be paused; this one is ${flow.status}`);
    case 'activate':
      if (!flow.publishedVersionId) throw new BadRequestError('The flow has never been published: publish it to make it active');
      return 'ACTIVE';
    case 'archive':
      return 'ARCHIVED';
  }
}

export async function changeFlowStatus(db: Database, params: OrgScope & { id: string }, action: Transition) {
  await getFlowRow(db, params);
  const changed = await db.transaction(async (tx) => {
    const flow = await getFlowRow(tx, params, { lock: true });
    const status = nextStatus(flow, action);
    if (status === flow.status) return flow;
    if (status !== 'ACTIVE') await cancelWaitingRuns(tx, flow.id);
    const [row] = await tx.update(automationFlows).set({ status, updatedAt: new Date() }).where(eq(automationFlows.id, flow.id)).returning();
    return row!;
  });
  return presentFlow(db, changed);
}

/** Removes the flow from every answer (404 from now on); its executions stay readable for their 30 days. */
export async function deleteFlow(db: Database, params: OrgScope & { id: string }) {
  await getFlowRow(db, params);
  await db.transaction(async (tx) => {
    const flow = await getFlowRow(tx, params, { lock: true });
    await cancelWaitingRuns(tx, flow.id);
    const now = new Date();
    await tx.update(automationFlows).set({ deletedAt: now, updatedAt: now }).where(eq(automationFlows.id, flow.id));
  });
}
