import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { apiKeys } from '../db/schema/auth';
import type { Scope } from '../context';
import { NotFoundError } from '../http/errors';
import { randomToken, sha256Hex } from '../auth/secrets';
import { publishCacheInvalidation } from '../cache/app-cache';

export type ApiKeyRecord = typeof apiKeys.$inferSelect;

const KEY_PREFIX = 'sk_';

export async function createApiKey(
  db: Executor,
  input: { organizationId: string; name: string; scopes: readonly Scope[]; createdByUserId?: string | null },
): Promise<{ apiKey: ApiKeyRecord; key: string }> {
  const key = `${KEY_PREFIX}${randomToken(32)}`;
  const [apiKey] = await db
    .insert(apiKeys)
    .values({
      organizationId: input.organizationId,
      name: input.name,
      prefix: key.slice(0, 10),
      keyHash: sha256Hex(key),
      scopes: [...input.scopes],
      createdByUserId: input.createdByUserId ?? null,
    })
    .returning();
  return { apiKey: apiKey!, key };
}

export async function listApiKeys(db: Executor, params: { organizationId: string; offset: number; limit: number }) {
  const where = eq(apiKeys.organizationId, params.organizationId);
  const [items, [total]] = await Promise.all([
    db.select().from(apiKeys).where(where).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).offset(params.offset).limit(params.limit),
    db.select({ value: count() }).from(apiKeys).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

/** Revoking is final and takes effect on the next request; revoking twice answers the same record. */
export async function revokeApiKey(db: Executor, params: { organizationId: string; id: string }): Promise<ApiKeyRecord> {
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.organizationId, params.organizationId), eq(apiKeys.id, params.id), isNull(apiKeys.revokedAt)))
    .returning();
  if (revoked) {
    await publishCacheInvalidation(db, 'api-key', revoked.keyHash);
    return revoked;
  }
  const [existing] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, params.organizationId), eq(apiKeys.id, params.id)));
  if (!existing) throw new NotFoundError('API key');
  return existing;
}

export function looksLikeApiKey(key: string): boolean {
  return key.startsWith(KEY_PREFIX);
}

export async function findApiKeyByHash(db: Executor, keyHash: string): Promise<ApiKeyRecord | undefined> {
  const [found] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
  return found;
}

export async function touchApiKey(db: Executor, id: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}
