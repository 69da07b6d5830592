import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { connectorEnv, connectorOf, withCredentials } from '../accounts/credentials';
import { postTargets } from '../db/schema/posts';
import { socialAccounts } from '../db/schema/social-accounts';
import { PlatformError } from '../platforms/platform-error';
import type { AppServices } from '../services';
import { ingestWebhook } from './ingest.service';

/** How far back a poll reads: a day covers a worker stopped for hours; the event ids make rereading harmless. */
const LOOKBACK_MS = 24 * 3600_000;
/** Posts whose comments are read: the ones published through the service this week (private replies end at 7 days). */
const POSTS_WINDOW_MS = 7 * 24 * 3600_000;
const MAX_POSTS = 25;

export type PollResult = { accounts: number; stored: number; failed: number };

/**
 * The fallback for platforms whose webhooks cannot reach the service (decision 075): every live
 * account with messaging on whose connector offers `webhooks.poll` (Meta's, when
 * `META_WEBHOOK_VERIFY_TOKEN` is unset) has its recent conversations and the comments on its recent
 * posts read and fed through `ingestWebhook`, the one path webhooks take. The connector gives them
 * the webhook's event ids, so what was already stored is skipped. One account's failure (a lost
 * token, a rate limit) is logged and the others go on; the next run tries again.
 */
export async function pollInboundActivity(services: AppServices, now = new Date()): Promise<PollResult> {
  const result: PollResult = { accounts: 0, stored: 0, failed: 0 };
  const accounts = await services.db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.mode, 'live'),
        eq(socialAccounts.messagingStatus, 'ENABLED'),
        isNotNull(socialAccounts.externalId),
        isNull(socialAccounts.deletedAt),
      ),
    );
  for (const account of accounts) {
    let poll;
    try {
      poll = connectorOf(services, account.type, 'live').webhooks.poll;
    } catch {
      continue; // the platform is no longer live on this server
    }
    if (!poll) continue;
    result.accounts += 1;
    const enabledAt = account.messagingEnabledAt?.getTime() ?? now.getTime();
    const since = new Date(Math.max(enabledAt, now.getTime() - LOOKBACK_MS));
    try {
      const postIds = await recentPostIds(services, account.id, now);
      const payloads = await withCredentials(services, account, (connector, credentials) =>
        connector.webhooks.poll!(connectorEnv(services), credentials, { externalId: account.externalId!, since, postIds }),
      );
      for (const payload of payloads) {
        const stored = await ingestWebhook(services, { platform: account.type, payload, source: 'webhook' });
        result.stored += stored.length;
      }
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      result.failed += 1;
      services.logger.warn('inbound poll failed for an account', { socialAccountId: account.id, platform: account.type, error: error.message });
    }
  }
  if (result.stored > 0 || result.failed > 0) services.logger.info('inbound activity polled', result);
  return result;
}

async function recentPostIds(services: AppServices, socialAccountId: string, now: Date): Promise<string[]> {
  const rows = await services.db
    .select({ id: sql<string>`${postTargets.externalData}->>'id'` })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.socialAccountId, socialAccountId),
        eq(postTargets.status, 'POSTED'),
        isNull(postTargets.deletedAt),
        gt(postTargets.publishedAt, new Date(now.getTime() - POSTS_WINDOW_MS)),
      ),
    )
    .orderBy(desc(postTargets.publishedAt))
    .limit(MAX_POSTS);
  return rows.map((row) => row.id).filter((id): id is string => !!id);
}
