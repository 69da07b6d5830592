import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SocialAccountRow } from '../accounts/account-record';
import type { Executor } from '../db/client';
import { socialAccounts } from '../db/schema/social-accounts';
import { importUsage as importUsageTable, type ImportKind } from '../db/schema/usage';
import type { Plan } from '../organizations/organizations.service';
import type { SocialAccountType } from '../platforms/platform-types';

/**
 * The monthly import meter, shared by every importing domain: post history (`POSTS`), business
 * reviews (`REVIEWS`) and Facebook recommendations (`RECOMMENDATIONS`). Usage is kept per real
 * platform account (platform + the account's or selected page's external id) and UTC month, so
 * disconnecting and reconnecting an account, or connecting it in a second team, does not reset it.
 */
export const MONTHLY_IMPORT_LIMITS: Record<ImportKind, Record<Plan, number>> = {
  POSTS: { FREE: 5, PRO: 100, BUSINESS: 500 },
  REVIEWS: { FREE: 5, PRO: 200, BUSINESS: 200 },
  RECOMMENDATIONS: { FREE: 5, PRO: 200, BUSINESS: 200 },
};

export const utcMonth = (at: Date) => at.toISOString().slice(0, 7);

type MeteredAccount = Pick<SocialAccountRow, 'id' | 'type' | 'externalId' | 'user'>;

/** The real platform account a social account stands for. */
export function meterKeyOf(account: MeteredAccount) {
  return { platform: account.type, externalAccountId: account.externalId ?? account.user.externalId ?? account.id };
}

type MeterScope = { organizationId: string; kind: ImportKind; at?: Date };

/**
 * Serializes counting for one account, kind and month until the transaction ends: call it before
 * reading the remaining capacity in the transaction that will `countImport`.
 */
export async function lockImportMeter(tx: Executor, scope: MeterScope & { account: MeteredAccount }) {
  const { platform, externalAccountId } = meterKeyOf(scope.account);
  const month = utcMonth(scope.at ?? new Date());
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`import-usage:${scope.organizationId}:${scope.kind}:${platform}:${externalAccountId}:${month}`}))`,
  );
}

/** Items of this kind imported for the account in the month (default: the current UTC month). */
export async function importUsage(db: Executor, scope: MeterScope & { account: MeteredAccount }): Promise<number> {
  const { platform, externalAccountId } = meterKeyOf(scope.account);
  const [row] = await db
    .select({ used: importUsageTable.used })
    .from(importUsageTable)
    .where(
      and(
        eq(importUsageTable.organizationId, scope.organizationId),
        eq(importUsageTable.kind, scope.kind),
        eq(importUsageTable.platform, platform),
        eq(importUsageTable.externalAccountId, externalAccountId),
        eq(importUsageTable.month, utcMonth(scope.at ?? new Date())),
      ),
    );
  return row?.used ?? 0;
}

/** Usage of many accounts at once (the usage listing), by social account id. */
export async function importUsageOfAccounts(db: Executor, scope: MeterScope & { accounts: MeteredAccount[] }): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (scope.accounts.length === 0) return result;
  const keys = scope.accounts.map(meterKeyOf);
  const rows = await db
    .select()
    .from(importUsageTable)
    .where(
      and(
        eq(importUsageTable.organizationId, scope.organizationId),
        eq(importUsageTable.kind, scope.kind),
        eq(importUsageTable.month, utcMonth(scope.at ?? new Date())),
        inArray(
          importUsageTable.externalAccountId,
          keys.map((key) => key.externalAccountId),
        ),
      ),
    );
  for (const account of scope.accounts) {
    const key = meterKeyOf(account);
    const row = rows.find((candidate) => candidate.platform === key.platform && candidate.externalAccountId === key.externalAccountId);
    result.set(account.id, row?.used ?? 0);
  }
  return result;
}

/** Used, limit and what is left this month for one account. */
export async function importCapacity(db: Executor, scope: MeterScope & { account: MeteredAccount; limit: number }) {
  const used = await importUsage(db, scope);
  return { used, limit: scope.limit, remaining: Math.max(0, scope.limit - used) };
}

/**
 * Counts `n` newly imported items for the account (by social account id, or the row itself) in the
 * month of `at`. Call it in the transaction that stores the items, after `lockImportMeter`.
 */
export async function countImport(
  tx: Executor,
  input: { organizationId: string; kind: ImportKind; n: number; at?: Date } & ({ socialAccountId: string } | { account: MeteredAccount }),
): Promise<void> {
  if (input.n <= 0) return;
  let account: MeteredAccount | undefined = 'account' in input ? input.account : undefined;
  if (!account) {
    const socialAccountId = (input as { socialAccountId: string }).socialAccountId;
    [account] = await tx
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.organizationId, input.organizationId), eq(socialAccounts.id, socialAccountId)));
    if (!account) throw new Error(`countImport: unknown social account ${socialAccountId}`);
  }
  const { platform, externalAccountId } = meterKeyOf(account);
  await tx
    .insert(importUsageTable)
    .values({ organizationId: input.organizationId, kind: input.kind, platform, externalAccountId, month: utcMonth(input.at ?? new Date()), used: input.n })
    .onConflictDoUpdate({
      target: [importUsageTable.organizationId, importUsageTable.kind, importUsageTable.platform, importUsageTable.externalAccountId, importUsageTable.month],
      set: { used: sql`${importUsageTable.used} + ${input.n}`, updatedAt: new Date() },
    });
}

/**
 * `GET /organization/usage/imports`: each live social account of the organization (filtered) with
 * what it used of its monthly import limit of `kind` this UTC month, paged.
 */
export async function importUsageReport(
  db: Executor,
  input: {
    organizationId: string;
    plan: Plan;
    kind: ImportKind;
    page: number;
    pageSize: number;
    teamId?: string;
    socialAccountType?: SocialAccountType;
    socialAccountId?: string;
    /** A domain's own limit (custom organization limits); the plan's by default. */
    limit?: number;
  },
) {
  const limit = input.limit ?? MONTHLY_IMPORT_LIMITS[input.kind][input.plan];
  const where = and(
    eq(socialAccounts.organizationId, input.organizationId),
    isNull(socialAccounts.deletedAt),
    input.teamId ? eq(socialAccounts.teamId, input.teamId) : undefined,
    input.socialAccountType ? eq(socialAccounts.type, input.socialAccountType) : undefined,
    input.socialAccountId ? eq(socialAccounts.id, input.socialAccountId) : undefined,
  );
  const [accounts, [total]] = await Promise.all([
    db
      .select()
      .from(socialAccounts)
      .where(where)
      .orderBy(asc(socialAccounts.createdAt), asc(socialAccounts.id))
      .offset((input.page - 1) * input.pageSize)
      .limit(input.pageSize),
    db.select({ value: count() }).from(socialAccounts).where(where),
  ]);
  const used = await importUsageOfAccounts(db, { organizationId: input.organizationId, kind: input.kind, accounts });
  const totalCount = total?.value ?? 0;
  return {
    limitPerSocialAccount: limit,
    socialAccounts: accounts.map((account) => {
      const value = used.get(account.id) ?? 0;
      return {
        id: account.id,
        type: account.type,
        username: account.username,
        displayName: account.displayName,
        used: value,
        limit,
        remaining: Math.max(0, limit - value),
      };
    }),
    pagination: { page: input.page, pageSize: input.pageSize, total: totalCount, totalPages: Math.ceil(totalCount / input.pageSize) },
  };
}
