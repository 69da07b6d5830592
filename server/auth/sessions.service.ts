import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sessions } from '../db/schema/auth';
import { organizations, users } from '../db/schema/organizations';
import { randomToken, sha256Hex } from './secrets';

export type UserRecord = typeof users.$inferSelect;

export async function createSession(db: Executor, params: { userId: string; ttlHours: number }) {
  const token = randomToken(32);
  const csrfToken = randomToken(24);
  const expiresAt = new Date(Date.now() + params.ttlHours * 3600_000);
  await db.insert(sessions).values({ id: sha256Hex(token), userId: params.userId, csrfToken, expiresAt });
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, params.userId));
  return { token, csrfToken, expiresAt };
}

/** The live session behind a cookie token, with its user and organization. */
export async function findSession(db: Executor, token: string) {
  const [row] = await db
    .select({ session: sessions, user: users, organization: organizations })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(sessions.id, sha256Hex(token)), gt(sessions.expiresAt, new Date())));
  return row;
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256Hex(token)));
}

export async function deleteExpiredSessions(db: Executor): Promise<number> {
  const removed = await db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
  return removed.length;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRecord | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}
