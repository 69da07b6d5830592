import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { platformQuotaUsage } from '../db/schema/usage';
import { getOrganization } from '../organizations/organizations.service';
import { getAccountById } from '../accounts/accounts.service';
import { platformOf } from '../platforms/registry';

type Kind = (typeof platformQuotaUsage.$inferInsert)['kind'];

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Quota used on a UTC day by a real platform account (platform + external id), whichever team
 * connected it. Rows come from the domains that post (publishing, comments).
 */
export async function usedOn(
  db: Executor,
  params: { organizationId: string; platform: string; externalAccountId: string | null; day: string; kind: Kind },
): Promise<number> {
  if (!params.externalAccountId) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(platformQuotaUsage)
    .where(
      and(
        eq(platformQuotaUsage.organizationId, params.organizationId),
        eq(platformQuotaUsage.platform, params.platform),
        eq(platformQuotaUsage.externalAccountId, params.externalAccountId),
        eq(platformQuotaUsage.kind, params.kind),
        eq(platformQuotaUsage.day, params.day),
      ),
    );
  return row?.value ?? 0;
}

export async function dailyLimits(db: Executor, params: { organizationId: string; socialAccountId: string; date: Date }) {
  const account = await getAccountById(db, { organizationId: params.organizationId, id: params.socialAccountId });
  const organization = await getOrganization(db, params.organizationId);
  const limits = platformOf(account.type).dailyLimits;
  const day = utcDay(params.date);
  const key = { organizationId: params.organizationId, platform: account.type, externalAccountId: account.externalId, day };
  const [postsUsed, commentsUsed] = await Promise.all([usedOn(db, { ...key, kind: 'POST' }), usedOn(db, { ...key, kind: 'COMMENT' })]);
  const usage = (used: number, limit: number) => ({ used, limit, remaining: Math.max(0, limit - used) });
  return {
    date: day,
    socialAccountId: account.id,
    type: account.type,
    posts: usage(postsUsed, limits.posts[organization.plan]),
    // Platforms where the service posts no comments have no comment quota: limit 0.
    comments: usage(commentsUsed, limits.comments?.[organization.plan] ?? 0),
  };
}
