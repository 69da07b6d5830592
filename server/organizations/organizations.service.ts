import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { organizations, users } from '../db/schema/organizations';
import { teams } from '../db/schema/teams';
import { createApiKey } from '../api-keys/api-keys.service';
import { hashPassword } from '../auth/secrets';
import type { Scope } from '../context';
import { recordEvent } from '../events/outbox';
import { ConflictError, NotFoundError } from '../http/errors';
import { teamView } from '../teams/team-view';
import { systemUser } from './creators';
import type { Feature } from './features';
import type { OrganizationRow } from './organization-dto';

export { toOrganizationDto, type OrganizationRow } from './organization-dto';

export type Plan = OrganizationRow['plan'];
export const ALL_SCOPES: readonly Scope[] = ['read', 'write', 'admin'];

export async function getOrganization(db: Executor, id: string): Promise<OrganizationRow> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!organization) throw new NotFoundError('Organization');
  return organization;
}

export async function getOrganizationWithTeams(db: Executor, id: string) {
  const organization = await getOrganization(db, id);
  const teamRows = await db.select().from(teams).where(eq(teams.organizationId, id)).orderBy(asc(teams.createdAt));
  return { organization, teams: teamRows };
}

export type CreateOrganizationInput = {
  name: string;
  plan: Plan;
  features?: readonly Feature[];
  teamName?: string;
  apiKeyName?: string;
};

/** An organization with its first team and a first API key (shown once, to the caller). */
export async function createOrganization(db: Database, input: CreateOrganizationInput) {
  return db.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({
        name: input.name,
        plan: input.plan,
        dmsEnabled: input.features?.includes('dms') ?? false,
        automationsEnabled: input.features?.includes('automations') ?? false,
      })
      .returning();
    // Made by the operator, not by a person: the first team is the system user's.
    const creator = await systemUser(tx, organization!.id);
    const [team] = await tx
      .insert(teams)
      .values({ organizationId: organization!.id, name: input.teamName ?? 'Main team', createdById: creator.id })
      .returning();
    await recordEvent(tx, { organizationId: organization!.id, teamId: team!.id, type: 'team.created', data: await teamView(tx, team!) });
    const { apiKey, key } = await createApiKey(tx, {
      organizationId: organization!.id,
      name: input.apiKeyName ?? 'First key',
      scopes: ALL_SCOPES,
    });
    return { organization: organization!, team: team!, apiKey, key };
  });
}

export async function setPlan(db: Executor, organizationId: string, plan: Plan) {
  const [updated] = await db.update(organizations).set({ plan, updatedAt: new Date() }).where(eq(organizations.id, organizationId)).returning();
  if (!updated) throw new NotFoundError('Organization');
  return updated;
}

export async function setFeature(db: Executor, organizationId: string, feature: Feature, enabled: boolean) {
  const column = { dms: { dmsEnabled: enabled }, automations: { automationsEnabled: enabled }, 'comment-import': { commentImportEnabled: enabled } }[feature];
  const [updated] = await db
    .update(organizations)
    .set({ ...column, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning();
  if (!updated) throw new NotFoundError('Organization');
  return updated;
}

export async function createUser(
  db: Executor,
  input: { organizationId: string; email: string; password: string; role?: 'ADMIN' | 'CUSTOMER'; firstName?: string },
) {
  await getOrganization(db, input.organizationId);
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new ConflictError(`A user with the email ${email} already exists`);
  const [user] = await db
    .insert(users)
    .values({
      organizationId: input.organizationId,
      email,
      passwordHash: await hashPassword(input.password),
      role: input.role ?? 'ADMIN',
      firstName: input.firstName ?? null,
    })
    .returning();
  // The first user of an organization is the one shown as its creator.
  await db
    .update(organizations)
    .set({ createdById: user!.id })
    .where(and(eq(organizations.id, input.organizationId), isNull(organizations.createdById)));
  return user!;
}
