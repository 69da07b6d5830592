import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { newId } from '../db/ids';
import { inboundEvents, type InboundEventRow } from '../db/schema/ingest';
import { sandboxFaults, sandboxItems } from '../db/schema/sandbox';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import type { AppServices } from '../services';
import { getAccountById, setChannel } from '../accounts/accounts.service';
import { channelModelOf, type SocialAccountRow } from '../accounts/account-record';
import { finishConnect, startConnect } from '../accounts/connect.service';
import { ingestWebhook } from '../ingest/ingest.service';
import type { InboundEventKind } from '../platforms/connector';
import { platformOf } from '../platforms/registry';
import type { SocialAccountType } from '../platforms/platform-types';
import { digits } from '../platforms/platform-definition';
import type { SandboxWebhookPayload } from '../platforms/sandbox-connector/sandbox-connector';
import { randomPerson } from '../platforms/sandbox-connector/names';
import type { SandboxFormat } from '../platforms/sandbox-connector/sandbox-history';
import { profileTapLabel } from './sandbox-profile-taps';
import type { ProfileTap } from './sandbox.schemas';
import { formatsOf, mediaFor } from '../platforms/sandbox-connector/sandbox-media';
import {
  addComment,
  createPost,
  createProfile,
  ensureChannel,
  expireAccessTokens,
  findItem,
  issueGrant,
  latestPost,
  listChannelsOf,
  profileByExternalId,
  revokeGrants,
  type SandboxProfile,
} from '../platforms/sandbox-connector/world';

/** Connects a sandbox account as if the person had approved the consent page. */
export async function connectSandboxAccount(
  services: AppServices,
  input: {
    organizationId: string;
    teamId: string;
    type: SocialAccountType;
    username?: string;
    grantMessaging?: boolean;
    channelName?: string;
    instagramConnectionMethod?: 'FACEBOOK' | 'INSTAGRAM';
  },
): Promise<SocialAccountRow> {
  const definition = platformOf(input.type);
  const choices = input.instagramConnectionMethod ? { instagramConnectionMethod: input.instagramConnectionMethod } : {};
  const { session } = await startConnect(services, {
    organizationId: input.organizationId,
    teamId: input.teamId,
    type: input.type,
    redirectUrl: `${services.config.publicUrl}/sandbox/connected`,
    withMessagingScope: input.grantMessaging,
    // Whatever LIVE_PLATFORMS says: these are sandbox credentials, which a live connector cannot use (decision 059).
    mode: 'sandbox',
    ...choices,
  });
  const profile = await createProfile(services.db, { organizationId: input.organizationId, platform: input.type, username: input.username, choices });
  const model = definition.channels(choices);
  const channel = input.channelName && model ? await ensureChannel(services.db, profile, input.channelName) : null;
  const tokens = await issueGrant(services.db, profile, session.requestedPermissions as never);
  const outcome = await finishConnect(services, session, tokens);
  if (!outcome.ok) {
    if (outcome.error === 'already_connected') throw new ConflictError(outcome.description);
    throw new BadRequestError(outcome.description);
  }
  if (channel && model && model.selection !== 'per-post') {
    return setChannel(services.db, { organizationId: input.organizationId, teamId: input.teamId, type: input.type, channelId: channel.externalId });
  }
  return outcome.account;
}

/** The account and the sandbox person behind it; other organizations' accounts are 404. */
export async function sandboxAccount(services: AppServices, params: { organizationId: string; socialAccountId: string }) {
  const account = await getAccountById(services.db, { organizationId: params.organizationId, id: params.socialAccountId });
  if (account.mode !== 'sandbox') throw new BadRequestError('This account is connected to the real platform, not the sandbox');
  const profile = await profileByExternalId(services.db, account.type, account.user.externalId);
  if (!profile || profile.organizationId !== params.organizationId) {
    throw new BadRequestError('This account was not connected through the sandbox');
  }
  return { account, profile };
}

function requireCapability(account: SocialAccountRow, capability: 'comments' | 'messaging' | 'reviews') {
  const definition = platformOf(account.type);
  if (!definition.supports[capability]) {
    const what = { comments: 'comments', messaging: 'direct messages', reviews: 'reviews' }[capability];
    throw new BadRequestError(`${definition.label} has no ${what} in this service`);
  }
}

/** Platforms address events to the page (or account) the service acts as. */
function recipientOf(account: SocialAccountRow): string {
  if (!account.externalId) {
    const model = channelModelOf(account);
    throw new BadRequestError(`Select a ${model?.label.toLowerCase() ?? 'channel'} first: the platform sends activity to it`);
  }
  return account.externalId;
}

/** Sends a platform webhook into the one ingestion path, exactly as a live platform would. */
export async function emit(
  services: AppServices,
  account: SocialAccountRow,
  kind: InboundEventKind,
  data: Record<string, unknown>,
): Promise<InboundEventRow[]> {
  return emitMany(services, account, kind, [data]);
}

/** Several events of one kind in one webhook, as platforms batch them under load. */
async function emitMany(services: AppServices, account: SocialAccountRow, kind: InboundEventKind, data: Record<string, unknown>[]): Promise<InboundEventRow[]> {
  const events = data.map((item) => ({ id: `sbx_evt_${newId()}`, data: item }));
  const stored = await sendPlatformWebhook(services, { platform: account.type, pageId: recipientOf(account) }, kind, events);
  // Only this organization's rows: the same page connected elsewhere is not the caller's business.
  return stored.filter((row) => row.organizationId === account.organizationId);
}

/**
 * The platform's webhook to a page, into the one ingestion path. Event ids are the platform's
 * dedupe keys: a webhook sent again with the same ids stores nothing twice.
 */
export async function sendPlatformWebhook(
  services: AppServices,
  to: { platform: SocialAccountType; pageId: string },
  kind: InboundEventKind,
  events: { id: string; data: Record<string, unknown> }[],
): Promise<InboundEventRow[]> {
  const payload: SandboxWebhookPayload = {
    object: 'sandbox',
    platform: to.platform,
    entry: [{ id: to.pageId, time: Date.now(), events: events.map((event) => ({ id: event.id, type: kind, data: event.data })) }],
  };
  return ingestWebhook(services, { platform: to.platform, payload, source: 'sandbox' });
}

function sender(input: { senderId?: string; senderName?: string }) {
  const person = randomPerson();
  return { id: input.senderId ?? digits(16), name: input.senderName ?? person.name, username: person.handle };
}

export async function publishSandboxItem(
  services: AppServices,
  input: { organizationId: string; socialAccountId: string; text?: string; channelId?: string; format?: SandboxFormat; publishedAt?: string },
) {
  const { account, profile } = await sandboxAccount(services, input);
  const channel = await channelFor(services.db, profile, account, input.channelId);
  const label = platformOf(account.type).label;
  const format = input.format ?? 'TEXT';
  if (!formatsOf(account.type).includes(format) && format !== 'TEXT') {
    throw new BadRequestError(`${label} has no ${format.toLowerCase()} posts (it offers ${formatsOf(account.type).join(', ')})`);
  }
  const publishedAt = input.publishedAt ? new Date(input.publishedAt) : undefined;
  if (publishedAt && publishedAt.getTime() > Date.now())
    throw new BadRequestError('publishedAt cannot be in the future: the owner publishes now or published earlier');
  const text = input.text ?? `Posted on ${label} from the sandbox`;
  return createPost(services.db, { profile, channel, text, publishedAt, metadata: ownerPostFacts(services, account.type, format, text) });
}

/** What the platform keeps about an owner-published post: its format and media (with sizes), a title where the platform has one. */
function ownerPostFacts(services: AppServices, platform: string, format: SandboxFormat, text: string): Record<string, unknown> {
  if (format === 'TEXT') return platform === 'YOUTUBE' ? { title: text.slice(0, 100) } : {};
  const seed = newId();
  const media = mediaFor(services.config.publicUrl, platform, seed, format, text.slice(0, 24));
  return { format, media, ...(platform === 'YOUTUBE' ? { title: text.slice(0, 100), isShort: format === 'SHORT' } : {}) };
}

const HISTORY_TOPICS = [
  'Behind the scenes',
  'Customer story',
  'Product tip',
  'Team lunch',
  'New arrivals',
  'Weekend recap',
  'Quick tutorial',
  'Throwback',
  'Event highlights',
  'Q&A',
];

/**
 * History the owner made before connecting: `count` posts in the platform's formats (images,
 * videos, carousels, shorts, stories), spread evenly over the last `months` months, newest last.
 */
export async function seedSandboxHistory(services: AppServices, input: { organizationId: string; socialAccountId: string; count: number; months: number }) {
  const { account } = await sandboxAccount(services, input);
  const formats = formatsOf(account.type);
  const span = input.months * 30 * 24 * 3_600_000;
  const now = Date.now();
  const created = [];
  for (let index = 0; index < input.count; index++) {
    const publishedAt = new Date(now - span + Math.floor(((index + 1) * span) / (input.count + 1)));
    const topic = HISTORY_TOPICS[index % HISTORY_TOPICS.length]!;
    created.push(
      await publishSandboxItem(services, {
        organizationId: input.organizationId,
        socialAccountId: input.socialAccountId,
        text: `${topic} #${index + 1}`,
        format: formats[index % formats.length],
        publishedAt: publishedAt.toISOString(),
      }),
    );
  }
  return created;
}

/** Everything on the platform profile behind the account, as the platform would list it. */
export async function listSandboxItems(
  services: AppServices,
  input: { organizationId: string; socialAccountId: string; kind?: 'POST' | 'COMMENT'; offset: number; limit: number },
) {
  const { profile } = await sandboxAccount(services, input);
  const where = and(eq(sandboxItems.profileId, profile.id), input.kind ? eq(sandboxItems.kind, input.kind) : undefined);
  const [items, [total]] = await Promise.all([
    services.db.select().from(sandboxItems).where(where).orderBy(desc(sandboxItems.createdAt), desc(sandboxItems.id)).offset(input.offset).limit(input.limit),
    services.db.select({ value: count() }).from(sandboxItems).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

async function channelFor(db: Executor, profile: SandboxProfile, account: SocialAccountRow, channelId?: string) {
  const wanted = channelId ?? account.selectedChannelId;
  if (!wanted) return null;
  const channel = (await listChannelsOf(db, profile.id)).find((candidate) => candidate.externalId === wanted);
  if (!channel) throw new NotFoundError(`Channel ${wanted}`);
  return channel;
}

export async function emitComment(
  services: AppServices,
  input: { organizationId: string; socialAccountId: string; text: string; itemId?: string; parentCommentId?: string; authorName?: string; authorId?: string },
) {
  const { account, profile } = await sandboxAccount(services, input);
  requireCapability(account, 'comments');
  recipientOf(account);
  let parent = input.parentCommentId ? await findItem(services.db, { profileId: profile.id, id: input.parentCommentId }) : null;
  if (input.parentCommentId && (!parent || parent.kind !== 'COMMENT')) throw new NotFoundError('Comment');
  let post = parent ? await findItem(services.db, { profileId: profile.id, id: parent.parentId! }) : null;
  if (!post && input.itemId) {
    post = await findItem(services.db, { profileId: profile.id, id: input.itemId });
    if (!post || post.kind !== 'POST') throw new NotFoundError('Item');
  }
  post ??=
    (await latestPost(services.db, profile.id)) ??
    (await createPost(services.db, { profile, channel: await channelFor(services.db, profile, account), text: 'A post published in the app' }));
  parent ??= post;
  const person = randomPerson();
  const author = { externalId: input.authorId ?? digits(17), username: person.handle, name: input.authorName ?? person.name };
  const comment = await addComment(services.db, { profile, parent, text: input.text, author });
  const events = await emit(services, account, 'comment.created', {
    commentId: comment.externalId,
    sandboxCommentId: comment.id,
    postId: post.externalId,
    postPermalink: post.permalink,
    permalink: comment.permalink,
    parentCommentId: parent.kind === 'COMMENT' ? parent.externalId : null,
    text: input.text,
    author: { id: author.externalId, username: author.username, name: input.authorName ?? person.name },
    createdAt: comment.createdAt.toISOString(),
  });
  return events;
}

export async function emitMessage(
  services: AppServices,
  input: {
    organizationId: string;
    socialAccountId: string;
    text?: string;
    attachments?: { type: string; url: string }[];
    replyToMessageId?: string;
    senderId?: string;
    senderName?: string;
  },
) {
  const { account } = await sandboxAccount(services, input);
  requireCapability(account, 'messaging');
  return emit(services, account, 'message.created', {
    messageId: `m_${newId()}`,
    sender: sender(input),
    text: input.text ?? null,
    attachments: input.attachments ?? [],
    replyToMessageId: input.replyToMessageId ?? null,
  });
}

/** The person edits or unsends a message they sent earlier. */
export async function emitMessageChange(
  services: AppServices,
  input: { organizationId: string; socialAccountId: string; messageId: string; text?: string; senderId?: string; senderName?: string },
  kind: 'message.edited' | 'message.unsent',
) {
  const { account } = await sandboxAccount(services, input);
  requireCapability(account, 'messaging');
  return emit(services, account, kind, { messageId: input.messageId, sender: sender(input), ...(input.text ? { text: input.text } : {}) });
}

export async function emitMessageBatch(
  services: AppServices,
  input: { organizationId: string; socialAccountId: string; messages: { text: string; senderId?: string; senderName?: string }[] },
) {
  const { account } = await sandboxAccount(services, input);
  requireCapability(account, 'messaging');
  return emitMany(
    services,
    account,
    'message.created',
    input.messages.map((message) => ({ messageId: `m_${newId()}`, sender: sender(message), text: message.text, attachments: [] })),
  );
}

export async function emitPostback(
  services: AppServices,
  input: {
    organizationId: string;
    socialAccountId: string;
    kind: 'QUICK_REPLY' | 'BUTTON' | ProfileTap;
    payload: string;
    title?: string;
    senderId?: string;
    senderName?: string;
  },
) {
  const { account } = await sandboxAccount(services, input);
  requireCapability(account, 'messaging');
  const { kind } = input;
  const title = kind === 'QUICK_REPLY' || kind === 'BUTTON' ? input.title : await profileTapLabel(services.db, account, kind, input.payload);
  if (!title) throw new BadRequestError('A quick-reply or button tap needs the title tapped', [{ code: 'custom', message: 'Required', path: ['title'] }]);
  // What the page shows (ice breakers, menu, Get Started) reaches it as a button postback.
  const postbackType = kind === 'QUICK_REPLY' ? 'QUICK_REPLY' : 'BUTTON';
  return emit(services, account, 'message.postback', { messageId: `m_${newId()}`, sender: sender(input), postbackType, payload: input.payload, title });
}

export async function emitReaction(
  services: AppServices,
  input: {
    organizationId: string;
    socialAccountId: string;
    messageId: string;
    reaction: string;
    action: 'react' | 'unreact';
    senderId?: string;
    senderName?: string;
  },
) {
  const { account } = await sandboxAccount(services, input);
  requireCapability(account, 'messaging');
  return emit(services, account, 'message.reaction', { sender: sender(input), messageId: input.messageId, reaction: input.reaction, action: input.action });
}

export async function emitRead(
  services: AppServices,
  input: { organizationId: string; socialAccountId: string; watermark?: string; senderId?: string; senderName?: string },
) {
  const { account } = await sandboxAccount(services, input);
  requireCapability(account, 'messaging');
  return emit(services, account, 'message.read', { sender: sender(input), watermark: input.watermark ?? new Date().toISOString() });
}

/** The person's device received the page's messages up to `watermark` (the platform's delivery receipt). */
export async function emitDelivery(
  services: AppServices,
  input: { organizationId: string; socialAccountId: string; messageIds?: string[]; watermark?: string; senderId?: string; senderName?: string },
) {
  const { account } = await sandboxAccount(services, input);
  requireCapability(account, 'messaging');
  return emit(services, account, 'message.delivered', {
    sender: sender(input),
    messageIds: input.messageIds ?? [],
    watermark: input.watermark ?? new Date().toISOString(),
  });
}

export async function emitEcho(services: AppServices, input: { organizationId: string; socialAccountId: string; recipientId: string; text: string }) {
  const { account } = await sandboxAccount(services, input);
  requireCapability(account, 'messaging');
  return emit(services, account, 'message.echo', { messageId: `m_${newId()}`, recipientId: input.recipientId, text: input.text, isEcho: true });
}

export async function listInboundEvents(db: Executor, params: { organizationId: string; socialAccountId?: string; offset: number; limit: number }) {
  const where = and(
    eq(inboundEvents.organizationId, params.organizationId),
    params.socialAccountId ? eq(inboundEvents.socialAccountId, params.socialAccountId) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db.select().from(inboundEvents).where(where).orderBy(desc(inboundEvents.receivedAt), desc(inboundEvents.id)).offset(params.offset).limit(params.limit),
    db.select({ value: count() }).from(inboundEvents).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export function toInboundEventDto(row: InboundEventRow) {
  return {
    id: row.id,
    socialAccountId: row.socialAccountId,
    teamId: row.teamId,
    platform: row.platform,
    source: row.source,
    kind: row.kind,
    domain: row.domain,
    externalEventId: row.externalEventId,
    status: row.status,
    note: row.note,
    payload: row.payload as Record<string, unknown>,
    occurredAt: row.occurredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

type FaultRow = typeof sandboxFaults.$inferSelect;

export async function addFault(
  services: AppServices,
  input: {
    organizationId: string;
    type: string;
    socialAccountId?: string;
    operation?: string;
    kind: FaultRow['kind'];
    count?: number;
    delayMs?: number;
    retryAfterSeconds?: number;
    message?: string;
  },
) {
  // Each armed fault is checked on every connector call of the organization: a bounded number.
  const [{ armed }] = (await services.db
    .select({ armed: count() })
    .from(sandboxFaults)
    .where(and(eq(sandboxFaults.organizationId, input.organizationId), or(isNull(sandboxFaults.remaining), gt(sandboxFaults.remaining, 0))))) as [
    { armed: number },
  ];
  const max = services.config.SANDBOX_FAULTS_PER_ORGANIZATION;
  if (armed >= max) throw new ConflictError(`At most ${max} faults may be armed at once; delete some first (DELETE /sandbox/faults/{id})`);
  let profileId: string | null = null;
  if (input.socialAccountId) {
    const { account, profile } = await sandboxAccount(services, { organizationId: input.organizationId, socialAccountId: input.socialAccountId });
    if (account.type !== input.type) throw new BadRequestError(`The account is a ${account.type} account, not ${input.type}`);
    profileId = profile.id;
  }
  const [fault] = await services.db
    .insert(sandboxFaults)
    .values({
      organizationId: input.organizationId,
      platform: input.type,
      profileId,
      socialAccountId: input.socialAccountId ?? null,
      operation: input.operation ?? null,
      kind: input.kind,
      message: input.message ?? null,
      delayMs: input.delayMs ?? null,
      retryAfterSeconds: input.retryAfterSeconds ?? null,
      remaining: input.count ?? null,
    })
    .returning();
  return fault!;
}

export async function listFaults(db: Executor, organizationId: string) {
  return db
    .select()
    .from(sandboxFaults)
    .where(and(eq(sandboxFaults.organizationId, organizationId), or(isNull(sandboxFaults.remaining), gt(sandboxFaults.remaining, 0))))
    .orderBy(desc(sandboxFaults.createdAt));
}

export async function deleteFault(db: Executor, params: { organizationId: string; id: string }) {
  const [removed] = await db
    .delete(sandboxFaults)
    .where(and(eq(sandboxFaults.organizationId, params.organizationId), eq(sandboxFaults.id, params.id)))
    .returning();
  if (!removed) throw new NotFoundError('Fault');
  return removed;
}

export function toFaultDto(fault: FaultRow) {
  return {
    id: fault.id,
    type: fault.platform,
    socialAccountId: fault.socialAccountId,
    operation: fault.operation,
    kind: fault.kind,
    remaining: fault.remaining,
    delayMs: fault.delayMs,
    retryAfterSeconds: fault.retryAfterSeconds,
    message: fault.message,
    createdAt: fault.createdAt.toISOString(),
  };
}

/** The person removes the app at the platform. */
export async function revokeAccess(services: AppServices, params: { organizationId: string; socialAccountId: string }) {
  const { profile, account } = await sandboxAccount(services, params);
  await revokeGrants(services.db, profile.id);
  return account;
}

/** The platform's clock moves past the access token's expiry (the refresh token still works). */
export async function expireToken(services: AppServices, params: { organizationId: string; socialAccountId: string }) {
  const { profile, account } = await sandboxAccount(services, params);
  await expireAccessTokens(services.db, profile.id);
  return account;
}
