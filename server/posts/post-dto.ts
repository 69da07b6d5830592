import { inArray } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { posts, postTargets, type PlatformErrorRecord } from '../db/schema/posts';
import { socialAccounts } from '../db/schema/social-accounts';
import { postUploads, uploads } from '../db/schema/uploads';
import { toSocialAccountDto } from '../accounts/account-record';
import { toUploadDto } from '../uploads/uploads.service';
import type { PostPlatform } from '../platforms/platform-types';
import { mediaAdvice, type MediaAdvice } from '../platforms/content-rules/media-adaptations';
import type { UploadFacts } from '../platforms/content-rules/media-rules';

export type PostRow = typeof posts.$inferSelect;
export type PostTargetRow = typeof postTargets.$inferSelect;

type Relations = {
  targets: Map<string, PostTargetRow[]>;
  links: Map<string, (typeof postUploads.$inferSelect)[]>;
  uploads: Map<string, typeof uploads.$inferSelect>;
  accounts: Map<string, typeof socialAccounts.$inferSelect>;
};

/** Targets, media and accounts of many posts in four queries, whatever the page size. */
export async function loadRelations(db: Executor, rows: PostRow[]): Promise<Relations> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { targets: new Map(), links: new Map(), uploads: new Map(), accounts: new Map() };
  const [targetRows, linkRows] = await Promise.all([
    db.select().from(postTargets).where(inArray(postTargets.postId, ids)),
    db.select().from(postUploads).where(inArray(postUploads.postId, ids)),
  ]);
  const uploadIds = [...new Set(linkRows.map((link) => link.uploadId))];
  const accountIds = [...new Set(targetRows.map((target) => target.socialAccountId).filter((id): id is string => !!id))];
  const [uploadRows, accountRows] = await Promise.all([
    uploadIds.length ? db.select().from(uploads).where(inArray(uploads.id, uploadIds)) : [],
    accountIds.length ? db.select().from(socialAccounts).where(inArray(socialAccounts.id, accountIds)) : [],
  ]);
  return {
    targets: groupBy(targetRows, (target) => target.postId),
    links: groupBy(linkRows, (link) => link.postId),
    uploads: new Map(uploadRows.map((row) => [row.id, row])),
    accounts: new Map(accountRows.map((row) => [row.id, row])),
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Each platform's error, detailed error and published ids, keyed by platform (posts and comments alike). */
export function targetResults(
  targets: { platform: string; error: string | null; errorVerbose: PlatformErrorRecord | null; externalData: Record<string, string> | null }[],
) {
  const errors: Record<string, string> = {};
  const errorsVerbose: Record<string, PlatformErrorRecord> = {};
  const externalData: Record<string, Record<string, string>> = {};
  for (const target of targets) {
    if (target.error) errors[target.platform] = target.error;
    if (target.errorVerbose) errorsVerbose[target.platform] = target.errorVerbose;
    if (target.externalData) externalData[target.platform] = target.externalData;
  }
  return { errors, errorsVerbose, externalData };
}

export function toPostDto(config: Config, row: PostRow, relations: Relations) {
  const targets = relations.targets.get(row.id) ?? [];
  const { errors, errorsVerbose, externalData } = targetResults(targets);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    teamId: row.teamId,
    organizationId: row.organizationId,
    title: row.title,
    postDate: row.postDate.toISOString(),
    postedDate: iso(row.postedDate),
    status: row.status,
    socialAccountTypes: row.platforms as PostPlatform[],
    data: row.data,
    firstComment: row.firstComment ?? null,
    referenceKey: row.referenceKey,
    retryCount: row.retryCount,
    error: row.error,
    errors,
    errorsVerbose,
    externalData,
    mediaWarnings: mediaWarningsOf(row, relations),
    // The client declares the nested upload and account required: a link whose row is gone is left out.
    uploads: (relations.links.get(row.id) ?? []).flatMap((link) => {
      const upload = relations.uploads.get(link.uploadId);
      if (!upload) return [];
      return [
        {
          postId: link.postId,
          uploadId: link.uploadId,
          createdAt: link.createdAt.toISOString(),
          updatedAt: link.updatedAt.toISOString(),
          deletedAt: iso(link.deletedAt),
          upload: toUploadDto(config, upload),
        },
      ];
    }),
    socialAccounts: targets.flatMap((target) => {
      const account = target.socialAccountId ? relations.accounts.get(target.socialAccountId) : undefined;
      if (!account) return [];
      return [
        {
          postId: row.id,
          socialAccountId: account.id,
          createdAt: target.createdAt.toISOString(),
          updatedAt: target.updatedAt.toISOString(),
          // Deleted on the platform, or the account itself removed: either way this link is gone.
          deletedAt: iso(target.deletedAt ?? account.deletedAt ?? null),
          socialAccount: toSocialAccountDto(account),
        },
      ];
    }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: iso(row.deletedAt),
  };
}

/** What publishing will do to (or offers for) the post's media, per platform (decision 084). */
function mediaWarningsOf(row: PostRow, relations: Relations): Record<string, MediaAdvice[]> {
  const library = new Map<string, UploadFacts>();
  for (const link of relations.links.get(row.id) ?? []) {
    const upload = relations.uploads.get(link.uploadId);
    if (upload) library.set(upload.id, upload);
  }
  const warnings: Record<string, MediaAdvice[]> = {};
  for (const platform of row.platforms as PostPlatform[]) {
    const advice = mediaAdvice(platform, (row.data[platform] ?? {}) as Record<string, unknown>, library);
    if (advice.length > 0) warnings[platform] = advice;
  }
  return warnings;
}

export type PostDto = ReturnType<typeof toPostDto>;
