import { and, eq, isNull, sql } from 'drizzle-orm';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import { getAccountById, requireAccount } from '../accounts/accounts.service';
import type { SocialAccountRow } from '../accounts/account-record';
import { posts, postTargets } from '../db/schema/posts';
import { AppError, BadRequestError, NotFoundError } from '../http/errors';
import type { ActionsCapability, ActingAccount, PostEdit } from '../platforms/actions';
import type { ConnectorEnv, Credentials } from '../platforms/connector';
import { PlatformError } from '../platforms/platform-error';
import type { PostPlatform, SocialAccountType } from '../platforms/platform-types';
import { platformOf } from '../platforms/registry';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { platformItemChanged } from './item-changed';

type Scope = { organizationId: string; teamId: string };

/**
 * The platform's refusals are the client's to act on: a missing or deleted item is our 404, a
 * refused edit our 400, a forbidden one our 403. Outages and rate limits keep their 502/429.
 */
export function asClientError(error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  if (error.code === 'NOT_FOUND') return new AppError(404, error.message);
  if (error.code === 'INVALID_REQUEST') return new AppError(400, error.message);
  if (error.code === 'PERMISSION_MISSING') return new AppError(403, error.message);
  return error;
}

type Member = Exclude<keyof ActionsCapability, 'lookups'>;

/** Calls one actions member as the account; a platform without it answers a clear 400. */
async function act<I, O>(services: AppServices, account: SocialAccountRow, member: Member, what: string, input: I): Promise<O> {
  try {
    return await withCredentials(services, account, async (connector, credentials) => {
      const call = connector.actions?.[member] as
        ((env: ConnectorEnv, credentials: Credentials, account: ActingAccount, input: I) => Promise<O>) | null | undefined;
      if (!call) throw new BadRequestError(`${platformOf(account.type).label} does not allow ${what} through its API`);
      return call(connectorEnv(services), credentials, actingAs(account), input);
    });
  } catch (error) {
    throw asClientError(error);
  }
}

export function actingAs(account: SocialAccountRow): ActingAccount {
  return { externalId: account.externalId, selectedChannelId: account.selectedChannelId };
}

/**
 * The team's publication of a post on one platform: by the service's post id, or by the
 * platform's id of a post the team published through the service. Never another team's.
 */
export async function publishedTarget(services: AppServices, scope: Scope, platform: PostPlatform, postId: string) {
  const { db } = services;
  await getTeam(db, { organizationId: scope.organizationId, id: scope.teamId });
  const inTeam = and(eq(posts.organizationId, scope.organizationId), eq(posts.teamId, scope.teamId), isNull(posts.deletedAt));
  const byId = await db
    .select({ target: postTargets })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(and(inTeam, eq(posts.id, postId), eq(postTargets.platform, platform)));
  const rows = byId.length
    ? byId
    : await db
        .select({ target: postTargets })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(and(inTeam, eq(postTargets.platform, platform), sql`${postTargets.externalData}->>'id' = ${postId}`));
  const label = platformOf(platform).label;
  const target = rows[0]?.target;
  if (!target) throw new NotFoundError(`${label} publication of post ${postId}`);
  if (target.deletedAt) throw new AppError(404, `This ${label} publication was already deleted`);
  const externalId = target.externalData?.id;
  if (target.status !== 'POSTED' || !externalId) throw new BadRequestError(`This post is not published on ${label} yet`);
  const account = target.socialAccountId
    ? await getAccountById(db, { organizationId: scope.organizationId, id: target.socialAccountId }).catch((error) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      })
    : null;
  if (!account || account.teamId !== scope.teamId) throw new AppError(404, `The ${label} account that published this post is no longer connected`);
  return { target, externalId, account };
}

/** What an edit changes in our copy of the post's `data.<PLATFORM>`, in the platform's own field names. */
function editedData(platform: PostPlatform, edit: PostEdit): Record<string, unknown> {
  if (platform === 'YOUTUBE') {
    return {
      ...(edit.title !== undefined ? { text: edit.title } : {}),
      ...(edit.text !== undefined ? { description: edit.text } : {}),
      ...(edit.privacyStatus !== undefined ? { privacy: edit.privacyStatus.toUpperCase() } : {}),
    };
  }
  if (platform === 'REDDIT') return edit.text !== undefined ? { description: edit.text } : {};
  return {
    ...(edit.text !== undefined ? { text: edit.text } : {}),
    ...(platform === 'MASTODON' && edit.spoilerText !== undefined ? { spoilerText: edit.spoilerText } : {}),
  };
}

export async function editPublishedPost(services: AppServices, scope: Scope, platform: PostPlatform, postId: string, edit: PostEdit) {
  if (Object.values(edit).every((value) => value === undefined)) throw new BadRequestError('Nothing to edit: send at least one field to change');
  const { externalId, account, target } = await publishedTarget(services, scope, platform, postId);
  const result = await act<{ externalId: string; externalData: Record<string, string>; edit: PostEdit }, { permalink: string | null }>(
    services,
    account,
    'editPost',
    'editing published posts',
    { externalId, externalData: target.externalData ?? {}, edit },
  );
  await services.db.transaction((tx) =>
    platformItemChanged(tx, {
      ...scope,
      socialAccountId: account.id,
      platform,
      kind: 'POST',
      externalId,
      change: { type: 'EDITED', text: edit.text, data: editedData(platform, edit) },
      at: new Date(),
    }),
  );
  // The permalink the post was published with (a YouTube short keeps its /shorts/ address).
  return { success: true, permalink: target.externalData?.permalink ?? result.permalink ?? '' };
}

export async function deletePublishedPost(services: AppServices, scope: Scope, platform: PostPlatform, postId: string) {
  const { externalId, account, target } = await publishedTarget(services, scope, platform, postId);
  const deleted = () =>
    services.db.transaction((tx) =>
      platformItemChanged(tx, { ...scope, socialAccountId: account.id, platform, kind: 'POST', externalId, change: { type: 'DELETED' }, at: new Date() }),
    );
  try {
    await act(services, account, 'deletePost', 'deleting published posts', { externalId, externalData: target.externalData ?? {} });
  } catch (error) {
    // Already gone on the platform (deleted there by hand): our record follows, the caller gets the 404.
    if (error instanceof AppError && error.statusCode === 404) await deleted();
    throw error;
  }
  await deleted();
  return { success: true };
}

export async function editPlatformComment(
  services: AppServices,
  scope: Scope,
  platform: SocialAccountType,
  input: { commentId: string; text: string; spoilerText?: string },
) {
  const account = await requireAccount(services.db, { ...scope, type: platform });
  const result = await act<{ externalId: string; text: string; spoilerText?: string }, { permalink: string | null }>(
    services,
    account,
    'editComment',
    'editing comments',
    {
      externalId: input.commentId,
      text: input.text,
      ...(input.spoilerText !== undefined ? { spoilerText: input.spoilerText } : {}),
    },
  );
  await services.db.transaction((tx) =>
    platformItemChanged(tx, {
      ...scope,
      socialAccountId: account.id,
      platform,
      kind: 'COMMENT',
      externalId: input.commentId,
      change: { type: 'EDITED', text: input.text },
      at: new Date(),
    }),
  );
  return { success: true, permalink: result.permalink };
}

export async function deletePlatformComment(services: AppServices, scope: Scope, platform: SocialAccountType, commentId: string) {
  const account = await requireAccount(services.db, { ...scope, type: platform });
  await act(services, account, 'deleteComment', 'deleting comments', { externalId: commentId });
  await services.db.transaction((tx) =>
    platformItemChanged(tx, {
      ...scope,
      socialAccountId: account.id,
      platform,
      kind: 'COMMENT',
      externalId: commentId,
      change: { type: 'DELETED' },
      at: new Date(),
    }),
  );
  return { success: true };
}
