import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sessions } from '../db/schema/auth';
import { organizations, users } from '../db/schema/organizations';
import { publishCacheInvalidation } from '../cache/app-cache';
import { randomToken, sha256Hex } from './secrets';

export type UserRecord = typeof users.$inferSelect;

/**
 * A session ends at the first of two deadlines: `ttlHours` after sign-in (absolute, from
 * `createdAt`) and `idleHours` after its last request. `expiresAt` holds the nearer one and slides
 * forward as the session is used, so every query keeps filtering on one column.
 */
export type SessionPolicy = { ttlHours: number; idleHours: number };

export function sessionPolicy(config: { SESSION_TTL_HOURS: number; SESSION_IDLE_HOURS: number }): SessionPolicy {
  return { ttlHours: config.SESSION_TTL_HOURS, idleHours: config.SESSION_IDLE_HOURS };
}

// Sliding the idle deadline costs a write; a minute's precision spares one per request.
const SLIDE_AFTER_MS = 60_000;

function deadlines(policy: SessionPolicy, createdAt: Date, now = Date.now()) {
  const absolute = new Date(createdAt.getTime() + policy.ttlHours * 3600_000);
  const idle = new Date(Math.min(now + policy.idleHours * 3600_000, absolute.getTime()));
  return { absolute, idle };
}

export async function createSession(db: Executor, params: { userId: string; policy: SessionPolicy }) {
  const token = randomToken(32);
  const csrfToken = randomToken(24);
  const createdAt = new Date();
  const { absolute, idle } = deadlines(params.policy, createdAt);
  await db.insert(sessions).values({ id: sha256Hex(token), userId: params.userId, csrfToken, expiresAt: idle, createdAt });
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, params.userId));
  return { token, csrfToken, expiresAt: idle, absoluteExpiresAt: absolute };
}

/** The live session behind a cookie token, with its user and organization. */
export async function findSession(db: Executor, token: string, policy: SessionPolicy) {
  return findSessionById(db, sha256Hex(token), policy);
}

/** By the stored id (the token's hash): what live streams re-check when their session may have ended. */
export async function findSessionById(db: Executor, id: string, policy: SessionPolicy) {
  const now = new Date();
  const [row] = await db
    .select({ session: sessions, user: users, organization: organizations })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), gt(sessions.createdAt, new Date(now.getTime() - policy.ttlHours * 3600_000))));
  return row;
}

/** Pushes the idle deadline forward after a request (never past the absolute one). */
export async function touchSession(db: Executor, session: typeof sessions.$inferSelect, policy: SessionPolicy): Promise<void> {
  const { idle } = deadlines(policy, session.createdAt);
  const drift = idle.getTime() - session.expiresAt.getTime();
  // Slides forward now and then, not on every request; a deadline beyond the idle one (a session
  // made before idle timeouts existed) is pulled in at once.
  if (drift >= 0 && drift < SLIDE_AFTER_MS) return;
  session.expiresAt = idle;
  await db.update(sessions).set({ expiresAt: idle }).where(eq(sessions.id, session.id));
}

/** Ends one session and tells every instance, so its open event streams close too. */
export async function deleteSession(db: Executor, token: string): Promise<void> {
  const removed = await db
    .delete(sessions)
    .where(eq(sessions.id, sha256Hex(token)))
    .returning({ id: sessions.id });
  await announceEnded(db, removed);
}

/** "Sign out everywhere": every session of the user ends, this one included. */
export async function deleteUserSessions(db: Executor, userId: string): Promise<number> {
  const removed = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await announceEnded(db, removed);
  return removed.length;
}

async function announceEnded(db: Executor, removed: { id: string }[]) {
  for (const { id } of removed) await publishCacheInvalidation(db, 'session', id);
}

export async function deleteExpiredSessions(db: Executor): Promise<number> {
  // `expiresAt` never lies past the absolute deadline, so it alone says what is over.
  const removed = await db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
  return removed.length;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRecord | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}
