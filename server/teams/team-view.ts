import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { toSocialAccountDto } from '../accounts/account-record';
import type { Executor } from '../db/client';
import { organizations } from '../db/schema/organizations';
import { socialAccounts } from '../db/schema/social-accounts';
import { NotFoundError } from '../http/errors';
import { systemUser, toCreatorDto, usersById, type UserRow } from '../organizations/creators';
import { toOrganizationDto, type OrganizationRow } from '../organizations/organization-dto';
import type { teams } from '../db/schema/teams';

export type TeamRow = typeof teams.$inferSelect;

/** The team's own columns; `teamViews` adds what the client declares around them. */
export function toTeamDto(team: TeamRow, deletedAt: Date | null = null) {
  return {
    id: team.id,
    name: team.name,
    avatarUrl: team.avatarUrl,
    organizationId: team.organizationId,
    createdById: team.createdById,
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt.toISOString(),
    deletedAt: deletedAt?.toISOString() ?? null,
  };
}

/**
 * A team as every answer and `team.*` event shows it, shaped as the published client declares:
 * its organization, its creator, its bots (none: the service has no bots) and its connected accounts.
 */
export type TeamView = Awaited<ReturnType<typeof teamViews>>[number];

/** The organization with its creator resolved: the first user, else the system user. */
export async function organizationWithCreator(db: Executor, organizationId: string) {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) throw new NotFoundError('Organization');
  const creator =
    (organization.createdById && (await usersById(db, organizationId, [organization.createdById])).get(organization.createdById)) ||
    (await systemUser(db, organizationId));
  return { organization, creator };
}

export function organizationDtoWithCreator(organization: OrganizationRow, creator: UserRow) {
  return { ...toOrganizationDto(organization), createdById: creator.id };
}

export async function teamViews(db: Executor, organizationId: string, rows: TeamRow[], options: { deletedAt?: Date } = {}) {
  if (rows.length === 0) return [];
  const { organization, creator: organizationCreator } = await organizationWithCreator(db, organizationId);
  const creatorIds = rows.flatMap((team) => (team.createdById ? [team.createdById] : []));
  const [creators, accounts] = await Promise.all([
    usersById(db, organizationId, creatorIds),
    db
      .select()
      .from(socialAccounts)
      .where(
        and(
          eq(socialAccounts.organizationId, organizationId),
          inArray(
            socialAccounts.teamId,
            rows.map((team) => team.id),
          ),
          isNull(socialAccounts.deletedAt),
        ),
      )
      .orderBy(asc(socialAccounts.createdAt)),
  ]);
  const organizationDto = organizationDtoWithCreator(organization, organizationCreator);
  return rows.map((team) => {
    // A creator no longer there (or never recorded, before issue 25) reads as the organization's.
    const createdBy = (team.createdById && creators.get(team.createdById)) || organizationCreator;
    return {
      ...toTeamDto(team, options.deletedAt ?? null),
      createdById: createdBy.id,
      organization: organizationDto,
      createdBy: toCreatorDto(createdBy),
      bots: [] as never[],
      socialAccounts: accounts.filter((account) => account.teamId === team.id).map(toSocialAccountDto),
    };
  });
}

export async function teamView(db: Executor, team: TeamRow, options: { deletedAt?: Date } = {}) {
  const [view] = await teamViews(db, team.organizationId, [team], options);
  return view!;
}
