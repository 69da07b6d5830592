import { and, eq, isNull } from 'drizzle-orm';
import { sandboxItems, sandboxProfiles } from '../../db/schema/sandbox';
import type { ActionsCapability, PostEdit } from '../actions';
import type { ConnectorEnv, Credentials } from '../connector';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import type { PostPlatform } from '../platform-types';
import type { SandboxAccess } from './sandbox-publishing';
import { sandboxExtras } from './sandbox-extras';
import { sandboxLookups } from './sandbox-lookups';
import { listChannelsOf, type SandboxItem } from './world';

type Profile = typeof sandboxProfiles.$inferSelect;

/**
 * What each platform's API lets an app do to published content. Edits of posts change the text
 * field the platform has (`text`), or the video's metadata on YouTube; Bluesky, X, Discord,
 * Instagram and TikTok have no edit API for what the service publishes.
 */
const POST_EDIT: Partial<Record<PostPlatform, { maxText: number }>> = {
  YOUTUBE: { maxText: 5000 },
  LINKEDIN: { maxText: 3000 },
  FACEBOOK: { maxText: 63_206 },
  MASTODON: { maxText: 500 },
  SLACK: { maxText: 40_000 },
  REDDIT: { maxText: 40_000 },
};
const POST_DELETE: PostPlatform[] = [
  'YOUTUBE',
  'LINKEDIN',
  'FACEBOOK',
  'PINTEREST',
  'MASTODON',
  'SLACK',
  'BLUESKY',
  'TWITTER',
  'DISCORD',
  'REDDIT',
  'GOOGLE_BUSINESS',
];
const COMMENT_EDIT: PostPlatform[] = ['YOUTUBE', 'LINKEDIN', 'FACEBOOK', 'MASTODON', 'REDDIT'];
const COMMENT_DELETE: PostPlatform[] = ['YOUTUBE', 'LINKEDIN', 'FACEBOOK', 'INSTAGRAM', 'MASTODON', 'BLUESKY', 'TIKTOK', 'REDDIT'];
/** Where the owner of a post may delete other people's comments on it (moderation by deletion). */
const OWNER_DELETES_OTHERS: PostPlatform[] = ['FACEBOOK', 'INSTAGRAM', 'TIKTOK', 'LINKEDIN'];

/** YouTube's assignable categories (the API refuses a video in any other). */
export const YOUTUBE_ASSIGNABLE = new Set(['1', '2', '10', '15', '17', '19', '20', '22', '23', '24', '25', '26', '27', '28', '29']);

export function sandboxActions(definition: PlatformDefinition, access: SandboxAccess): ActionsCapability {
  const platform = definition.type;
  const refuse = (code: 'NOT_FOUND' | 'INVALID_REQUEST' | 'PERMISSION_MISSING', message: string, operation: string) =>
    new PlatformError({ code, message, httpStatus: code === 'NOT_FOUND' ? 404 : code === 'INVALID_REQUEST' ? 400 : 403, meta: { platform, operation } });

  /** The item on the account's profile; a deleted one is gone, as platforms answer 404 for it. */
  async function ownItem(env: ConnectorEnv, credentials: Credentials, kind: 'POST' | 'COMMENT', externalId: string, operation: string) {
    const { grant, profile } = await access.authorize(env, credentials, operation);
    access.requirePermission(grant, 'publish', operation);
    const [item] = await env.db
      .select()
      .from(sandboxItems)
      .where(and(eq(sandboxItems.profileId, profile.id), eq(sandboxItems.kind, kind), eq(sandboxItems.externalId, externalId)));
    const what = kind === 'POST' ? 'post' : 'comment';
    if (!item || item.deletedAt) throw refuse('NOT_FOUND', `The ${definition.label} ${what} ${externalId} does not exist or was deleted`, operation);
    return { profile, item };
  }

  /** The account itself or one of its pages, channels or organizations. */
  async function authoredByAccount(env: ConnectorEnv, profile: Profile, item: SandboxItem) {
    if (item.authorExternalId === profile.externalId) return true;
    return (await listChannelsOf(env.db, profile.id)).some((channel) => channel.externalId === item.authorExternalId);
  }

  async function update(env: ConnectorEnv, item: SandboxItem, set: Partial<typeof sandboxItems.$inferInsert>) {
    await env.db.update(sandboxItems).set(set).where(eq(sandboxItems.id, item.id));
  }

  /** Deleting is atomic: of two concurrent deletes of one item, the second answers 404 like the platform. */
  async function remove(env: ConnectorEnv, item: SandboxItem, operation: string) {
    const gone = await env.db
      .update(sandboxItems)
      .set({ deletedAt: new Date() })
      .where(and(eq(sandboxItems.id, item.id), isNull(sandboxItems.deletedAt)))
      .returning({ id: sandboxItems.id });
    if (gone.length === 0) throw refuse('NOT_FOUND', `The ${definition.label} item ${item.externalId} was already deleted`, operation);
  }

  function editedPost(item: SandboxItem, edit: PostEdit, operation: string): Partial<typeof sandboxItems.$inferInsert> {
    const metadata = { ...item.metadata };
    const limit = POST_EDIT[platform]!.maxText;
    if (edit.text !== undefined && edit.text.length > limit)
      throw refuse('INVALID_REQUEST', `${definition.label} text is limited to ${limit} characters`, operation);
    if (platform === 'YOUTUBE') {
      if (edit.title !== undefined && (edit.title.trim().length === 0 || edit.title.length > 100))
        throw refuse('INVALID_REQUEST', 'YouTube titles need 1 to 100 characters', operation);
      if ([edit.title, edit.text].some((value) => value !== undefined && /[<>]/.test(value)))
        throw refuse('INVALID_REQUEST', 'YouTube titles and descriptions cannot contain < or >', operation);
      if (edit.categoryId !== undefined && !YOUTUBE_ASSIGNABLE.has(edit.categoryId))
        throw refuse('INVALID_REQUEST', `YouTube category ${edit.categoryId} cannot be assigned to a video`, operation);
      if (edit.tags && edit.tags.join(',').length > 500) throw refuse('INVALID_REQUEST', 'YouTube tags are limited to 500 characters in all', operation);
      for (const key of ['tags', 'categoryId', 'privacyStatus'] as const) if (edit[key] !== undefined) metadata[key] = edit[key];
      if (edit.text !== undefined) metadata.description = edit.text;
      if (edit.title !== undefined) metadata.title = edit.title;
      return { metadata, text: edit.title ?? item.text, editedAt: new Date() };
    }
    if (platform === 'REDDIT') {
      // Reddit keeps a post's title forever; only a text post's body (selftext) can change.
      if (metadata.kind !== 'text')
        throw refuse('INVALID_REQUEST', `Only text posts can be edited on Reddit; this is a ${String(metadata.kind ?? 'link')} post`, operation);
      return { metadata: { ...metadata, body: edit.text ?? '' }, editedAt: new Date() };
    }
    // A LinkedIn post, a Slack message and a Mastodon status cannot be emptied by an edit.
    if (['LINKEDIN', 'SLACK', 'MASTODON'].includes(platform) && edit.text !== undefined && edit.text.trim() === '') {
      throw refuse('INVALID_REQUEST', `A ${definition.label} post cannot be edited to empty text`, operation);
    }
    if (platform === 'MASTODON' && edit.spoilerText !== undefined) metadata.spoilerText = edit.spoilerText;
    return { metadata, text: edit.text ?? item.text, editedAt: new Date() };
  }

  return {
    editPost: POST_EDIT[platform]
      ? async (env, credentials, _account, input) => {
          const operation = 'actions.editPost';
          const { item } = await ownItem(env, credentials, 'POST', input.externalId, operation);
          await update(env, item, editedPost(item, input.edit, operation));
          return { permalink: item.permalink };
        }
      : null,
    deletePost: POST_DELETE.includes(platform)
      ? async (env, credentials, _account, input) => {
          const { item } = await ownItem(env, credentials, 'POST', input.externalId, 'actions.deletePost');
          await remove(env, item, 'actions.deletePost');
        }
      : null,
    editComment: COMMENT_EDIT.includes(platform)
      ? async (env, credentials, _account, input) => {
          const operation = 'actions.editComment';
          const { profile, item } = await ownItem(env, credentials, 'COMMENT', input.externalId, operation);
          if (!(await authoredByAccount(env, profile, item)))
            throw refuse('PERMISSION_MISSING', `${definition.label} lets an account edit only its own comments`, operation);
          if (platform === 'MASTODON' && input.text.length > 500) throw refuse('INVALID_REQUEST', 'Mastodon statuses are limited to 500 characters', operation);
          const metadata = platform === 'MASTODON' && input.spoilerText !== undefined ? { ...item.metadata, spoilerText: input.spoilerText } : item.metadata;
          await update(env, item, { text: input.text, metadata, editedAt: new Date() });
          return { permalink: item.permalink };
        }
      : null,
    deleteComment: COMMENT_DELETE.includes(platform)
      ? async (env, credentials, _account, input) => {
          const operation = 'actions.deleteComment';
          const { profile, item } = await ownItem(env, credentials, 'COMMENT', input.externalId, operation);
          if (!OWNER_DELETES_OTHERS.includes(platform) && !(await authoredByAccount(env, profile, item))) {
            throw refuse('PERMISSION_MISSING', `${definition.label} lets an account delete only its own comments`, operation);
          }
          await remove(env, item, operation);
        }
      : null,
    lookups: sandboxLookups(definition, access),
    extras: sandboxExtras(definition, access),
  };
}
