import { requireAccount } from '../accounts/accounts.service';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import type { SocialAccountRow } from '../accounts/account-record';
import { NotFoundError } from '../http/errors';
import { PlatformError } from '../platforms/platform-error';
import type { XActionsCapability } from '../platforms/x-actions';
import type { AppServices } from '../services';
import { withCharge } from './credits.service';
import type { BillableAction } from './prices';

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Runs an X call with the account's tokens; the platform's "not found" is the API's 404. */
async function callX<T>(
  services: AppServices,
  account: SocialAccountRow,
  call: (x: XActionsCapability, env: ReturnType<typeof connectorEnv>, credentials: Parameters<XActionsCapability['repost']>[1]) => Promise<T>,
) {
  try {
    return await withCredentials(services, account, (connector, credentials) => {
      if (!connector.xActions) throw new Error('TWITTER connector without X actions');
      return call(connector.xActions, connectorEnv(services), credentials);
    });
  } catch (error) {
    if (error instanceof PlatformError && error.code === 'NOT_FOUND') throw new NotFoundError(error.message.replace(/ was not found on .*/, ''));
    throw error;
  }
}

async function xAccount(services: AppServices, organizationId: string, teamId: string) {
  return requireAccount(services.db, { organizationId, teamId, type: 'TWITTER' });
}

/** An X call a charge pays for, as recorded on the charge so an interrupted one can be finished. */
export type XOperation = { op: 'repost' | 'undoRepost'; tweetId: string } | { op: 'deleteReply'; replyId: string };

/** Runs the operation on X; each is idempotent there, so running it again is safe. */
export async function runXOperation(services: AppServices, account: SocialAccountRow, operation: XOperation): Promise<void> {
  const target = { externalId: account.externalId, selectedChannelId: account.selectedChannelId };
  await callX(services, account, async (x, env, credentials) => {
    if (operation.op === 'deleteReply') await x.deleteReply(env, credentials, target, { replyId: operation.replyId });
    else if (operation.op === 'repost') await x.repost(env, credentials, target, { tweetId: operation.tweetId });
    else await x.undoRepost(env, credentials, target, { tweetId: operation.tweetId });
  });
}

function chargedRun(services: AppServices, account: SocialAccountRow, action: BillableAction, dedupeKey: string, operation: XOperation) {
  const details = { socialAccountId: account.id, ...operation };
  return withCharge(services.db, { organizationId: account.organizationId, action, dedupeKey, details }, () => runXOperation(services, account, operation));
}

/**
 * Repost or undo: one charge per post per account per UTC day, shared by both directions, so
 * toggling a repost during the day costs once.
 */
export async function setRetweet(services: AppServices, input: { organizationId: string; teamId: string; tweetId: string; retweeted: boolean }) {
  const account = await xAccount(services, input.organizationId, input.teamId);
  const dedupeKey = `x-repost:${account.id}:${input.tweetId}:${utcDay(new Date())}`;
  const { charge } = await chargedRun(services, account, 'TWITTER_CONTENT_MANAGE', dedupeKey, {
    op: input.retweeted ? 'repost' : 'undoRepost',
    tweetId: input.tweetId,
  });
  return { success: true, tweetId: input.tweetId, retweeted: input.retweeted, charged: charge !== null };
}

/** Deletes a reply of the account; charged per reply (a repeated delete is not charged again). */
export async function deleteXComment(services: AppServices, input: { organizationId: string; teamId: string; commentId: string }) {
  const account = await xAccount(services, input.organizationId, input.teamId);
  const dedupeKey = `x-reply-delete:${account.id}:${input.commentId}`;
  const { charge } = await chargedRun(services, account, 'TWITTER_INTERACTION_DELETE', dedupeKey, { op: 'deleteReply', replyId: input.commentId });
  return { success: true, charged: charge !== null };
}
