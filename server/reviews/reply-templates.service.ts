import { and, asc, count, eq } from 'drizzle-orm';
import { isUniqueViolation } from '../accounts/account-record';
import type { Executor } from '../db/client';
import { reviewReplyTemplates } from '../db/schema/reviews';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import { getTeam } from '../teams/teams.service';
import { MAX_REPLY_TEMPLATES } from './shared/reply-templates';

type Scope = { organizationId: string };
export type ReplyTemplateRow = typeof reviewReplyTemplates.$inferSelect;

/** A team's reply templates, by name. */
export async function listReplyTemplates(db: Executor, scope: Scope & { teamId: string }) {
  await getTeam(db, { organizationId: scope.organizationId, id: scope.teamId });
  return db
    .select()
    .from(reviewReplyTemplates)
    .where(and(eq(reviewReplyTemplates.organizationId, scope.organizationId), eq(reviewReplyTemplates.teamId, scope.teamId)))
    .orderBy(asc(reviewReplyTemplates.name), asc(reviewReplyTemplates.id));
}

export async function createReplyTemplate(db: Executor, scope: Scope, input: { teamId: string; name: string; text: string }) {
  await getTeam(db, { organizationId: scope.organizationId, id: input.teamId });
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ value: count() })
      .from(reviewReplyTemplates)
      .where(and(eq(reviewReplyTemplates.organizationId, scope.organizationId), eq(reviewReplyTemplates.teamId, input.teamId)));
    if ((existing?.value ?? 0) >= MAX_REPLY_TEMPLATES)
      throw new BadRequestError(`A team keeps at most ${MAX_REPLY_TEMPLATES} reply templates; delete one first`);
    try {
      const [row] = await tx
        .insert(reviewReplyTemplates)
        .values({ organizationId: scope.organizationId, teamId: input.teamId, name: input.name, text: input.text })
        .returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`This team already has a reply template named “${input.name}”`);
      throw error;
    }
  });
}

export async function deleteReplyTemplate(db: Executor, scope: Scope & { id: string }) {
  const [row] = await db
    .delete(reviewReplyTemplates)
    .where(and(eq(reviewReplyTemplates.organizationId, scope.organizationId), eq(reviewReplyTemplates.id, scope.id)))
    .returning();
  if (!row) throw new NotFoundError('Reply template');
  return row;
}
