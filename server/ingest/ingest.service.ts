import { and, eq, isNull } from 'drizzle-orm';
import { inboundEvents, type InboundEventRow } from '../db/schema/ingest';
import { socialAccounts } from '../db/schema/social-accounts';
import type { AppServices } from '../services';
import type { InboundEvent } from '../platforms/connector';
import { connectorOf } from '../accounts/credentials';
import { modesOffered, type ConnectorMode } from '../platforms/connectors';
import { platformOf } from '../platforms/registry';
import type { SocialAccountType } from '../platforms/platform-types';
import { domainOf } from './consumers';
import { dispatchInboundEventJob } from './ingest.jobs';
import { afterCommit, transactionThenFollow } from '../db/after-commit';
import { IN_PROCESS_FALLBACK_MS } from '../jobs/in-process';
import { dispatchInboundEvent } from './dispatch-inbound-event';

/** The in-process dispatch; a failure leaves the event PENDING for its job to retry. */
async function dispatchNow(services: AppServices, inboundEventId: string) {
  try {
    await dispatchInboundEvent(services, inboundEventId);
  } catch (error) {
    if (services.database.availability.report(error, 'inbound events')) return;
    services.logger.warn('inbound event left to its job', { inboundEventId, error: error instanceof Error ? error.message : String(error) });
  }
}

type AccountRow = typeof socialAccounts.$inferSelect;

/** Events a domain would drop anyway are stored as IGNORED, with the reason. */
function ignoredBecause(event: InboundEvent, account: AccountRow): string | null {
  if (domainOf(event.kind) !== 'inbox') return null;
  // Only messages that arrive after messaging was enabled are collected.
  if (account.messagingStatus !== 'ENABLED' || !account.messagingEnabledAt) return 'messaging is not enabled for the account';
  if (event.occurredAt.getTime() < account.messagingEnabledAt.getTime()) return 'the event happened before messaging was enabled';
  return null;
}

/**
 * The single way inbound platform activity enters the service: what a live platform's webhook
 * route calls after verifying the signature, and what the sandbox calls when it emits activity.
 * Each event is stored once per connected account it is addressed to (a page connected to two
 * teams gets two rows), deduplicated by the platform's event id, then dispatched to its domain.
 */
export async function ingestWebhook(
  services: AppServices,
  input: { platform: SocialAccountType; payload: unknown; source: 'webhook' | 'sandbox' },
): Promise<InboundEventRow[]> {
  const events = connectorOf(services, input.platform, webhookMode(services, input)).webhooks.parse(input.payload);
  // A worker consumes what it stored right after the commit; the dispatch job (due later) is
  // the fallback when the process stops first, or the only path in an API-only process.
  const inline = services.jobs.handles(dispatchInboundEventJob);
  return transactionThenFollow(services.db, async (tx) => {
    const stored: InboundEventRow[] = [];
    for (const event of events) {
      const accounts = await tx
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.type, input.platform), eq(socialAccounts.externalId, event.recipientExternalId), isNull(socialAccounts.deletedAt)));
      for (const account of accounts) {
        const note = ignoredBecause(event, account);
        const [row] = await tx
          .insert(inboundEvents)
          .values({
            organizationId: account.organizationId,
            teamId: account.teamId,
            socialAccountId: account.id,
            platform: input.platform,
            source: input.source,
            kind: event.kind,
            domain: domainOf(event.kind),
            externalEventId: event.externalEventId,
            occurredAt: event.occurredAt,
            payload: { kind: event.kind, recipientExternalId: event.recipientExternalId, ...event.data },
            raw: input.payload as object,
            status: note ? 'IGNORED' : 'PENDING',
            note,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) continue;
        if (row.status === 'PENDING') {
          await services.jobs.send(
            dispatchInboundEventJob,
            { inboundEventId: row.id },
            { executor: tx, startAfter: inline ? Date.now() + IN_PROCESS_FALLBACK_MS : undefined },
          );
          if (inline) afterCommit(tx, () => dispatchNow(services, row.id));
        }
        stored.push(row);
      }
    }
    return stored;
  });
}

/** A platform's webhook is read by its live connector where the operator enabled it; the sandbox's own activity by the sandbox. */
function webhookMode(services: AppServices, input: { platform: string; source: 'webhook' | 'sandbox' }): ConnectorMode {
  if (input.source === 'sandbox') return 'sandbox';
  return modesOffered(platformOf(input.platform).type, services.config)[0] ?? 'live';
}
