import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { apiKeys } from '../db/schema/auth';
import { users } from '../db/schema/organizations';

/**
 * Who made a team or an organization is never unknown to a client (the published client declares
 * `createdById` and `createdBy` required): a change made with an API key is the key's owner's, and
 * one made without a person (the operator CLI, a key made by the CLI, an organization with no
 * user yet) is the organization's system user's. The system user cannot sign in: its password
 * hash is no scrypt hash, and its address is in the reserved `.invalid` domain.
 */
export const SYSTEM_USER_PASSWORD_HASH = '!system';

export function systemUserEmail(organizationId: string) {
  return `system+${organizationId.toLowerCase()}@socialdesk.invalid`;
}

export type UserRow = typeof users.$inferSelect;

/** The organization's system user, made on first need (concurrent callers get the same row). */
export async function systemUser(db: Executor, organizationId: string): Promise<UserRow> {
  const email = systemUserEmail(organizationId);
  const find = async () => {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.email, email), eq(users.organizationId, organizationId)));
    return row;
  };
  const existing = await find();
  if (existing) return existing;
  const [inserted] = await db
    .insert(users)
    .values({ organizationId, email, passwordHash: SYSTEM_USER_PASSWORD_HASH, role: 'ADMIN', firstName: 'SocialDesk' })
    .onConflictDoNothing()
    .returning();
  return inserted ?? (await find())!;
}

/** The person behind a change: the signed-in user, else the API key's owner, else null. */
export async function actingUserId(db: Executor, auth: { organizationId: string; userId?: string; apiKeyId?: string }): Promise<string | null> {
  if (auth.userId) return auth.userId;
  if (!auth.apiKeyId) return null;
  const [key] = await db
    .select({ owner: apiKeys.createdByUserId })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, auth.organizationId), eq(apiKeys.id, auth.apiKeyId)));
  return key?.owner ?? null;
}

/** The creator to record for something made now: the acting person, else (the operator, a key nobody owns) the system user. */
export async function creatorIdFor(db: Executor, organizationId: string, actingId: string | null | undefined): Promise<string> {
  return actingId ?? (await systemUser(db, organizationId)).id;
}

/** Users by id, within the organization (a creator of another organization is never shown). */
export async function usersById(db: Executor, organizationId: string, ids: string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.id, unique)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A user as the published client declares `createdBy`. */
export function toCreatorDto(user: UserRow) {
  return {
    id: user.id,
    externalId: user.id,
    email: user.email,
    emailVerified: null,
    firstName: user.firstName,
    lastName: user.lastName,
    avatarUrl: null,
    timezone: null,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    deletedAt: null,
  };
}
