import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookEndpoints } from '../../db/schema/webhooks';
import type { EventType } from '../../events/outbox';
import { BadRequestError, NotFoundError } from '../../http/errors';
import type { AppServices } from '../../services';
import { resumePausedDeliveries } from './delivery-log.service';
import { generateSecret } from '../delivery/signing';
import { BlockedTargetError, resolveTarget } from '../../security/ssrf-guard';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function toEndpointDto(endpoint: EndpointRow) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events as EventType[],
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    secretRotatedAt: endpoint.secretRotatedAt?.toISOString() ?? null,
    previousSecretExpiresAt: activePreviousExpiry(endpoint)?.toISOString() ?? null,
    failingSince: endpoint.failingSince?.toISOString() ?? null,
    lastSuccessAt: endpoint.lastSuccessAt?.toISOString() ?? null,
    lastFailureAt: endpoint.lastFailureAt?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

function activePreviousExpiry(endpoint: EndpointRow, now = new Date()): Date | null {
  return endpoint.previousSecretCiphertext && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now
    ? endpoint.previousSecretExpiresAt
    : null;
}

/** The secrets that sign a delivery now: the current one, then the previous one while its overlap lasts. */
export function activeSecrets(services: AppServices, endpoint: EndpointRow, now = new Date()): string[] {
  const box = services.secrets.webhookSecrets;
  const secrets = [box.open(endpoint.secretCiphertext)];
  if (activePreviousExpiry(endpoint, now)) secrets.push(box.open(endpoint.previousSecretCiphertext!));
  return secrets;
}

/** Registration-time check of the URL, with the same rules the dispatcher applies before each request. */
async function assertReachable(services: AppServices, url: string): Promise<void> {
  try {
    await resolveTarget(url, { allowPrivate: services.config.WEBHOOK_ALLOW_PRIVATE });
  } catch (error) {
    if (!(error instanceof BlockedTargetError)) throw error;
    throw new BadRequestError(`Validation failed: ${error.message} at url`, [{ code: 'custom', message: error.message, path: ['url'] }]);
  }
}

function uniqueEvents(events: readonly EventType[] | undefined): EventType[] {
  return [...new Set(events ?? [])];
}

export async function listEndpoints(db: Executor, params: { organizationId: string; offset: number; limit: number }) {
  const where = eq(webhookEndpoints.organizationId, params.organizationId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(where)
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
      .offset(params.offset)
      .limit(params.limit),
    db.select({ value: count() }).from(webhookEndpoints).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

/** An endpoint of another organization does not exist as far as the caller can tell. */
export async function getEndpoint(db: Executor, params: { organizationId: string; id: string }): Promise<EndpointRow> {
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, params.organizationId), eq(webhookEndpoints.id, params.id)));
  if (!endpoint) throw new NotFoundError('Webhook endpoint');
  return endpoint;
}

export async function createEndpoint(services: AppServices, input: { organizationId: string; url: string; events?: EventType[]; description?: string | null }) {
  await assertReachable(services, input.url);
  const secret = generateSecret();
  const [endpoint] = await services.db
    .insert(webhookEndpoints)
    .values({
      organizationId: input.organizationId,
      url: input.url,
      description: input.description ?? null,
      events: uniqueEvents(input.events),
      secretCiphertext: services.secrets.webhookSecrets.seal(secret),
    })
    .returning();
  return { endpoint: endpoint!, secret };
}

export type EndpointChanges = {
  url?: string;
  events?: EventType[];
  description?: string | null;
  enabled?: boolean;
};

/**
 * Disabling keeps new events as paused deliveries; enabling again clears the reason and resumes
 * every paused delivery with a fresh retry cycle, so nothing recorded meanwhile is lost.
 */
export async function updateEndpoint(services: AppServices, params: { organizationId: string; id: string; changes: EndpointChanges }): Promise<EndpointRow> {
  const { changes } = params;
  if (changes.url !== undefined) {
    // Existence first, so another organization's id answers 404 whatever the URL.
    await getEndpoint(services.db, params);
    await assertReachable(services, changes.url);
  }
  return services.db.transaction(async (tx) => {
    const current = await getEndpoint(tx, params);
    const now = new Date();
    const enabling = changes.enabled === true && !current.enabled;
    const disabling = changes.enabled === false && current.enabled;
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.events !== undefined ? { events: uniqueEvents(changes.events) } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(enabling ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } : {}),
        ...(disabling ? { enabled: false, disabledReason: 'Disabled by a user', disabledAt: now } : {}),
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.organizationId, params.organizationId), eq(webhookEndpoints.id, params.id)))
      .returning();
    if (enabling) await resumePausedDeliveries(tx, services.jobs, endpoint!.id);
    return endpoint!;
  });
}

export async function deleteEndpoint(db: Executor, params: { organizationId: string; id: string }): Promise<EndpointRow> {
  const [endpoint] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, params.organizationId), eq(webhookEndpoints.id, params.id)))
    .returning();
  if (!endpoint) throw new NotFoundError('Webhook endpoint');
  return endpoint;
}

/**
 * A new secret signs from now on; the old one keeps signing alongside it for `overlapSeconds`
 * so receivers can switch without dropping deliveries. A rotation during an overlap ends the
 * older overlap: only the secret being replaced stays valid.
 */
export async function rotateSecret(services: AppServices, params: { organizationId: string; id: string; overlapSeconds: number }) {
  return services.db.transaction(async (tx) => {
    const current = await getEndpoint(tx, params);
    const secret = generateSecret();
    const now = new Date();
    const keepsOld = params.overlapSeconds > 0;
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        secretCiphertext: services.secrets.webhookSecrets.seal(secret),
        previousSecretCiphertext: keepsOld ? current.secretCiphertext : null,
        previousSecretExpiresAt: keepsOld ? new Date(now.getTime() + params.overlapSeconds * 1000) : null,
        secretRotatedAt: now,
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.organizationId, params.organizationId), eq(webhookEndpoints.id, params.id)))
      .returning();
    return { endpoint: endpoint!, secret };
  });
}

export async function revealSecret(services: AppServices, params: { organizationId: string; id: string }) {
  const endpoint = await getEndpoint(services.db, params);
  const box = services.secrets.webhookSecrets;
  const previousExpiry = activePreviousExpiry(endpoint);
  return {
    secret: box.open(endpoint.secretCiphertext),
    previousSecret: previousExpiry ? box.open(endpoint.previousSecretCiphertext!) : null,
    previousSecretExpiresAt: previousExpiry?.toISOString() ?? null,
  };
}
