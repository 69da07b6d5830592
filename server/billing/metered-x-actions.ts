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
async function callX<T>(services: AppServices, account: SocialAccountRow, call: (x: XActionsCapability, env: ReturnType<typeof connectorEnv>, credentials: Parameters<XActionsCapability['repost']>[1]) => Promise<T>) {
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

function charged(services: AppServices, account: SocialAccountRow, action: BillableAction, dedupeKey: string, details: Record<string, unknown>) {
  return <T>(work: () => Promise<T>) => withCharge(services.db, { organizationId: account.organizationId, action, dedupeKey, details }, work);
}

/**
 * Repost or undo: one charge per post per account per UTC day, shared by both directions, so
 * toggling a repost during the day costs once.
 */
export async function setRetweet(services: AppServices, input: { organizationId: string; teamId: string; tweetId: string; retweeted: boolean }) {
  const account = await xAccount(services, input.organizationId, input.teamId);
  const target = { externalId: account.externalId, selectedChannelId: account.selectedChannelId };
  const dedupeKey = `x-repost:${account.id}:${input.tweetId}:${utcDay(new Date())}`;
  const { charge } = await charged(services, account, 'TWITTER_CONTENT_MANAGE', dedupeKey, { socialAccountId: account.id, tweetId: input.tweetId })(() =>
    callX(services, account, async (x, env, credentials): Promise<void> => {
      if (input.retweeted) await x.repost(env, credentials, target, { tweetId: input.tweetId });
      else await x.undoRepost(env, credentials, target, { tweetId: input.tweetId });
    }),
  );
  return { success: true, tweetId: input.tweetId, retweeted: input.retweeted, charged: charge !== null };
}

/** Deletes a reply of the account; charged per reply (a repeated delete is not charged again). */
export async function deleteXComment(services: AppServices, input: { organizationId: string; teamId: string; commentId: string }) {
  const account = await xAccount(services, input.organizationId, input.teamId);
  const target = { externalId: account.externalId, selectedChannelId: account.selectedChannelId };
  const dedupeKey = `x-reply-delete:${account.id}:${input.commentId}`;
  const { charge } = await charged(services, account, 'TWITTER_INTERACTION_DELETE', dedupeKey, { socialAccountId: account.id, commentId: input.commentId })(() =>
    callX(services, account, (x, env, credentials) => x.deleteReply(env, credentials, target, { replyId: input.commentId })),
  );
  return { success: true, charged: charge !== null };
}
