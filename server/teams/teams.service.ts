import { and, count, desc, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import { publishCacheInvalidation } from '../cache/app-cache';
import type { Database, Executor } from '../db/client';
import { teams } from '../db/schema/teams';
import { recordEvent } from '../events/outbox';
import { ConflictError, NotFoundError } from '../http/errors';
import { likePattern } from '../http/pagination';
import { creatorIdFor } from '../organizations/creators';
import { teamView, type TeamRow, type TeamView } from './team-view';

export { toTeamDto, type TeamRow } from './team-view';

export async function listTeams(db: Executor, params: { organizationId: string; offset: number; limit: number; search?: string }) {
  const where = and(eq(teams.organizationId, params.organizationId), params.search ? ilike(teams.name, likePattern(params.search)) : undefined);
  // One round trip: the total rides along as a window count on every row.
  const rows = await db
    .select({ ...getTableColumns(teams), total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(teams)
    .where(where)
    .orderBy(desc(teams.createdAt), desc(teams.id))
    .offset(params.offset)
    .limit(params.limit);
  const items = rows.map(({ total: _total, ...team }) => team);
  if (rows.length > 0) return { items, total: rows[0]!.total };
  // A page past the end has no rows to carry the total.
  const [total] = params.offset > 0 ? await db.select({ value: count() }).from(teams).where(where) : [{ value: 0 }];
  return { items, total: total?.value ?? 0 };
}

/** A team of another organization does not exist as far as the caller can tell. */
export async function getTeam(db: Executor, params: { organizationId: string; id: string }): Promise<TeamRow> {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.organizationId, params.organizationId), eq(teams.id, params.id)));
  if (!team) throw new NotFoundError('Team');
  return team;
}

export async function createTeam(
  db: Database,
  input: { organizationId: string; name: string; avatarUrl?: string | null; actingUserId?: string | null },
): Promise<TeamView> {
  return db.transaction(async (tx) => {
    const [team] = await tx
      .insert(teams)
      .values({
        organizationId: input.organizationId,
        name: input.name,
        avatarUrl: input.avatarUrl ?? null,
        createdById: await creatorIdFor(tx, input.organizationId, input.actingUserId),
      })
      .returning();
    const view = await teamView(tx, team!);
    await recordEvent(tx, { organizationId: input.organizationId, teamId: team!.id, type: 'team.created', data: view });
    await publishCacheInvalidation(tx, 'teams', input.organizationId);
    return view;
  });
}

export async function updateTeam(
  db: Database,
  params: { organizationId: string; id: string; changes: { name?: string; avatarUrl?: string | null } },
): Promise<TeamView> {
  return db.transaction(async (tx) => {
    const [team] = await tx
      .update(teams)
      .set({ ...params.changes, updatedAt: new Date() })
      .where(and(eq(teams.organizationId, params.organizationId), eq(teams.id, params.id)))
      .returning();
    if (!team) throw new NotFoundError('Team');
    const view = await teamView(tx, team);
    await recordEvent(tx, { organizationId: params.organizationId, teamId: team.id, type: 'team.updated', data: view });
    await publishCacheInvalidation(tx, 'teams', params.organizationId);
    return view;
  });
}

/** Removes the team and everything it owns; an organization always keeps at least one team. */
export async function deleteTeam(db: Database, params: { organizationId: string; id: string }) {
  return db.transaction(async (tx) => {
    const team = await getTeam(tx, params);
    const [remaining] = await tx.select({ value: count() }).from(teams).where(eq(teams.organizationId, params.organizationId));
    if ((remaining?.value ?? 0) <= 1) throw new ConflictError('An organization keeps at least one team: create another before deleting this one');
    // Shown as it was, accounts included: they go with the team.
    const deleted = await teamView(tx, team, { deletedAt: new Date() });
    await tx.delete(teams).where(and(eq(teams.organizationId, params.organizationId), eq(teams.id, params.id)));
    await recordEvent(tx, { organizationId: params.organizationId, teamId: team.id, type: 'team.deleted', data: deleted });
    await publishCacheInvalidation(tx, 'teams', params.organizationId);
    return deleted;
  });
}
