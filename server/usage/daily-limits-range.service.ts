import { and, count, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { socialAccounts } from '../db/schema/social-accounts';
import { platformQuotaUsage } from '../db/schema/usage';
import { NotFoundError } from '../http/errors';
import { getOrganization } from '../organizations/organizations.service';
import { platformOf } from '../platforms/registry';
import { getTeam } from '../teams/teams.service';

type RangeParams = { organizationId: string; teamId?: string; socialAccountIds?: string[]; from: string; to: string };

type DayUsage = { date: string; posts: number; comments: number };

/**
 * The daily quotas of several accounts over a span of UTC days in one answer (a calendar shows
 * weeks of days and every account of a team): each account's limits, and what was used on the
 * days something was. One query for the usage, grouped by real platform account and day, so
 * that teams sharing a platform account see the same counts, as in `dailyLimits`.
 */
export async function dailyLimitsRange(db: Executor, params: RangeParams) {
  const { organizationId } = params;
  if (params.teamId) await getTeam(db, { organizationId, id: params.teamId });
  const named = [...new Set(params.socialAccountIds ?? [])];
  const chosen = [params.teamId ? eq(socialAccounts.teamId, params.teamId) : undefined, named.length ? inArray(socialAccounts.id, named) : undefined].filter(
    (condition) => condition !== undefined,
  );
  const accounts = await db
    .select({ id: socialAccounts.id, type: socialAccounts.type, externalId: socialAccounts.externalId })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, organizationId), isNull(socialAccounts.deletedAt), or(...chosen)))
    .orderBy(socialAccounts.createdAt);
  // Same answer as the one-day endpoint for an id that is not there (or is another organization's).
  if (named.some((id) => !accounts.some((account) => account.id === id))) throw new NotFoundError('Social account');

  const externalIds = [...new Set(accounts.map((account) => account.externalId).filter((id): id is string => !!id))];
  const rows = externalIds.length
    ? await db
        .select({
          platform: platformQuotaUsage.platform,
          externalAccountId: platformQuotaUsage.externalAccountId,
          kind: platformQuotaUsage.kind,
          day: platformQuotaUsage.day,
          used: count(),
        })
        .from(platformQuotaUsage)
        .where(
          and(
            eq(platformQuotaUsage.organizationId, organizationId),
            inArray(platformQuotaUsage.externalAccountId, externalIds),
            gte(platformQuotaUsage.day, params.from),
            lte(platformQuotaUsage.day, params.to),
          ),
        )
        .groupBy(platformQuotaUsage.platform, platformQuotaUsage.externalAccountId, platformQuotaUsage.kind, platformQuotaUsage.day)
    : [];
  const usage = new Map<string, Map<string, DayUsage>>();
  for (const row of rows) {
    const key = `${row.platform}|${row.externalAccountId}`;
    const days = usage.get(key) ?? new Map<string, DayUsage>();
    const day = days.get(row.day) ?? { date: row.day, posts: 0, comments: 0 };
    if (row.kind === 'POST') day.posts += row.used;
    else day.comments += row.used;
    days.set(row.day, day);
    usage.set(key, days);
  }

  const { plan } = await getOrganization(db, organizationId);
  return {
    from: params.from,
    to: params.to,
    items: accounts.map((account) => {
      const limits = platformOf(account.type).dailyLimits;
      const days = account.externalId ? usage.get(`${account.type}|${account.externalId}`) : undefined;
      return {
        socialAccountId: account.id,
        type: account.type,
        // Platforms where the service posts no comments have no comment quota: limit 0.
        limits: { posts: limits.posts[plan], comments: limits.comments?.[plan] ?? 0 },
        days: [...(days?.values() ?? [])].sort((a, b) => a.date.localeCompare(b.date)),
      };
    }),
  };
}
