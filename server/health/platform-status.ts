import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { POST_PLATFORMS, type PostPlatform } from '../platforms/platform-types';

export type PlatformStatus = 'operational' | 'degraded' | 'outage' | 'maintenance';

/** The window the rates are measured over, and the smallest sample a status is judged on. */
export const STATUS_WINDOW_MINUTES = 60;
export const MIN_SAMPLE = 3;
/** Failure shares from which a platform is degraded, then out. */
export const DEGRADED_FROM = 0.2;
export const OUTAGE_FROM = 0.5;

export type PlatformCounts = { succeeded: number; failed: number };

/**
 * What the live connectors did lately, per platform: publications of posts and comments through
 * live accounts whose outcome changed within the window, succeeded (POSTED) or failed (ERROR, or
 * RETRYING after a failed attempt). Sandbox accounts do not count: their faults are injected.
 * Counted across organizations: only the totals leave this function.
 */
export async function recentLiveOutcomes(db: Executor): Promise<Map<string, PlatformCounts>> {
  const rows = await db.execute<{ platform: string; succeeded: number; failed: number }>(sql`
    select t.platform,
      count(*) filter (where t.status = 'POSTED')::int as succeeded,
      count(*) filter (where t.status in ('ERROR', 'RETRYING'))::int as failed
    from (
      select platform, status, social_account_id, updated_at from post_targets
      union all
      select platform, status, social_account_id, updated_at from comment_targets
    ) t
    join social_accounts a on a.id = t.social_account_id and a.mode = 'live'
    where t.updated_at > now() - make_interval(mins => ${STATUS_WINDOW_MINUTES})
    group by t.platform`);
  const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: typeof rows }).rows) as { platform: string; succeeded: number; failed: number }[];
  return new Map(list.map((row) => [row.platform, { succeeded: Number(row.succeeded), failed: Number(row.failed) }]));
}

/** A platform's status from its live outcomes: a pure rule, so it is tested on its own too. */
export function judgePlatform(counts: PlatformCounts | undefined, context: { live: boolean; sandbox: boolean }): { status: PlatformStatus; note: string } {
  if (!context.live)
    return { status: 'operational', note: context.sandbox ? 'Simulated by the built-in sandbox' : 'Not connected to its live API on this server' };
  const succeeded = counts?.succeeded ?? 0;
  const failed = counts?.failed ?? 0;
  const total = succeeded + failed;
  const window = `in the last ${STATUS_WINDOW_MINUTES} minutes`;
  if (total < MIN_SAMPLE) return { status: 'operational', note: `Live: ${total} publication${total === 1 ? '' : 's'} ${window}, too few to judge` };
  const share = failed / total;
  const summary = `${failed} of ${total} live publications failed ${window}`;
  if (share >= OUTAGE_FROM) return { status: 'outage', note: summary };
  if (share >= DEGRADED_FROM) return { status: 'degraded', note: summary };
  return { status: 'operational', note: summary };
}

/** Every platform the published client expects (Snapchat included), judged. */
export async function platformStatuses(db: Executor, config: { SANDBOX: boolean; LIVE_PLATFORMS: readonly string[] }) {
  const outcomes = await recentLiveOutcomes(db);
  return Object.fromEntries(
    POST_PLATFORMS.map((platform) => [
      platform,
      // A platform with live accounts counts as live even if it was since taken off LIVE_PLATFORMS.
      judgePlatform(outcomes.get(platform), { live: config.LIVE_PLATFORMS.includes(platform) || outcomes.has(platform), sandbox: config.SANDBOX }),
    ]),
  ) as Record<PostPlatform, { status: PlatformStatus; note: string }>;
}
