import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { uploads } from '../db/schema/uploads';
import { findLiveAccount } from '../accounts/accounts.service';
import type { SocialAccountRow } from '../accounts/account-record';
import { BadRequestError, type Issue } from '../http/errors';
import { checkPostMedia, type UploadFacts } from '../platforms/content-rules/media-rules';
import type { PlatformOptions } from '../platforms/content-rules/registry';
import { isSocialAccountType, platformOf } from '../platforms/registry';
import type { PostPlatform } from '../platforms/platform-types';

export type PostContent = {
  organizationId: string;
  teamId: string;
  platforms: PostPlatform[];
  data: Partial<PlatformOptions>;
  /** Drafts may be saved before their accounts are connected. */
  requireAccounts: boolean;
};

/** Every upload id the options mention, for linking the post to its media. */
export function referencedUploadIds(data: Partial<PlatformOptions>): string[] {
  const ids = new Set<string>();
  const visit = (value: unknown, key?: string) => {
    if (Array.isArray(value)) value.forEach((item) => visit(item, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k);
    else if (typeof value === 'string' && (key === 'uploadIds' || key === 'uploadId' || key === 'thumbnail')) ids.add(value);
  };
  visit(data);
  return [...ids];
}

/**
 * The rules a schema cannot check alone: an account of each platform in the team, uploads that
 * exist and are visible to the team, and media that fit each platform. All problems come back
 * together as one `400`, with paths into the request body.
 */
export async function checkPostContent(db: Executor, content: PostContent): Promise<Map<PostPlatform, SocialAccountRow>> {
  const issues: Issue[] = [];
  const accounts = new Map<PostPlatform, SocialAccountRow>();
  for (const platform of content.platforms) {
    // A post platform that is no account type (Snapchat) can have no connected account.
    const account = isSocialAccountType(platform)
      ? await findLiveAccount(db, { organizationId: content.organizationId, teamId: content.teamId, type: platform })
      : null;
    if (account && !account.deleteOn) accounts.set(platform, account);
    else if (content.requireAccounts) {
      issues.push({
        code: 'custom',
        path: ['socialAccountTypes', content.platforms.indexOf(platform)],
        message: `This team has no connected ${platformOf(platform).label} account: connect one first`,
      });
    }
  }

  const ids = referencedUploadIds(content.data);
  const rows = ids.length
    ? await db
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.organizationId, content.organizationId),
            inArray(uploads.id, ids),
            isNull(uploads.deletedAt),
            or(isNull(uploads.teamId), eq(uploads.teamId, content.teamId)),
          ),
        )
    : [];
  const library = new Map<string, UploadFacts>(rows.map((row) => [row.id, row]));
  for (const platform of content.platforms) {
    const options = content.data[platform];
    if (!options) continue;
    for (const issue of checkPostMedia(platform, options as never, library)) {
      issues.push({ code: 'custom', path: ['data', platform, ...issue.path], message: issue.message });
    }
  }
  if (issues.length > 0) throw new BadRequestError(`Validation failed: ${issues[0]!.message}`, issues);
  return accounts;
}
