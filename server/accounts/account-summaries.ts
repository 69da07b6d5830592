import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { socialAccounts } from '../db/schema/social-accounts';

/** The `socialAccount` object several resources carry: `{ id, type, username }`. */
export type AccountSummary = { id: string; type: string; username: string | null };

/** Summaries of these accounts, by id, in one query (deleted accounts included: old records still name them). */
export async function accountSummaries(db: Executor, ids: string[]): Promise<Map<string, AccountSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: socialAccounts.id, type: socialAccounts.type, username: socialAccounts.username })
    .from(socialAccounts)
    .where(inArray(socialAccounts.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
