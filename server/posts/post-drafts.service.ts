import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { SocialAccountRow } from '../accounts/account-record';
import { findLiveAccount } from '../accounts/accounts.service';
import type { Executor } from '../db/client';
import { posts } from '../db/schema/posts';
import { uploads } from '../db/schema/uploads';
import { BadRequestError, ConflictError, type Issue } from '../http/errors';
import type { PlatformOptions } from '../platforms/content-rules/registry';
import type { PostPlatform } from '../platforms/platform-types';
import { isSocialAccountType } from '../platforms/registry';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { checkPostContent, referencedUploadIds } from './post-checks';
import type { CreatePostDraftBody, SavePostDraftBody } from './post-drafts.schemas';
import { assertEditable, assertReferenceKeyFree, getPostRow, presentPost, writeTargetsAndMedia } from './posts.service';
import { CreatePostBody } from './posts.schemas';
import type { PostRow } from './post-dto';

type Scope = { organizationId: string };
type DraftInput = z.infer<typeof SavePostDraftBody>;
export type Problem = { path: (string | number)[]; message: string };

/**
 * Zod issue codes that mean the draft is not shaped like a post (a wrong type, an unknown key or
 * value): refused. The others (lengths, formats, the platforms' cross-field rules) are content
 * rules: a draft is saved with them as `problems`, the way flow drafts are (decision 085).
 */
const STRUCTURAL = new Set([
  'invalid_type',
  'unrecognized_keys',
  'invalid_enum_value',
  'invalid_literal',
  'invalid_union_discriminator',
  'invalid_union',
  'invalid_date',
]);

/** The `data` a draft keeps: `null` options read as absent, as `POST /post` reads them. */
function draftData(data: DraftInput['data']): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(data).filter(([, options]) => options !== null)) as Record<string, Record<string, unknown>>;
}

/** Everything that stands in the way of scheduling: the schema's rules, then accounts, uploads and media. */
async function problemsOf(db: Executor, organizationId: string, teamId: string, input: DraftInput): Promise<Problem[]> {
  const parsed = CreatePostBody.safeParse({ ...input, teamId, status: 'SCHEDULED', data: input.data });
  if (!parsed.success) {
    const structural = parsed.error.issues.filter((issue) => STRUCTURAL.has(issue.code));
    if (structural.length > 0) {
      const issues: Issue[] = structural.map((issue) => ({ code: issue.code, message: issue.message, path: issue.path }));
      throw new BadRequestError(`Validation failed: ${issues[0]!.message}`, issues);
    }
  }
  const problems: Problem[] = parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
  try {
    await checkPostContent(db, {
      organizationId,
      teamId,
      platforms: input.socialAccountTypes,
      data: draftData(input.data) as Partial<PlatformOptions>,
      requireAccounts: true,
    });
  } catch (error) {
    if (!(error instanceof BadRequestError)) throw error;
    for (const issue of error.issues ?? []) problems.push({ path: issue.path, message: issue.message });
  }
  return problems;
}

/** The team's connected account of each platform (a draft may name platforms with none yet). */
async function accountsOf(db: Executor, organizationId: string, teamId: string, platforms: PostPlatform[]) {
  const accounts = new Map<PostPlatform, SocialAccountRow>();
  for (const platform of platforms) {
    const account = isSocialAccountType(platform) ? await findLiveAccount(db, { organizationId, teamId, type: platform }) : null;
    if (account && !account.deleteOn) accounts.set(platform, account);
  }
  return accounts;
}

/** The uploads of the draft that exist for the team: only they are linked (the rest are problems). */
async function linkableUploads(db: Executor, organizationId: string, teamId: string, data: Record<string, Record<string, unknown>>) {
  const ids = referencedUploadIds(data as Partial<PlatformOptions>);
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.organizationId, organizationId),
        inArray(uploads.id, ids),
        isNull(uploads.deletedAt),
        or(isNull(uploads.teamId), eq(uploads.teamId, teamId)),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

async function answer(services: AppServices, row: PostRow, problems: Problem[]) {
  return { post: await presentPost(services, row), publishable: problems.length === 0, problems };
}

/** `POST /post/drafts`: a new `DRAFT`, saved whatever its problems (decision 090). */
export async function createPostDraft(services: AppServices, scope: Scope, input: z.infer<typeof CreatePostDraftBody>) {
  const { db } = services;
  const { teamId, ...fields } = input;
  await getTeam(db, { organizationId: scope.organizationId, id: teamId });
  const problems = await problemsOf(db, scope.organizationId, teamId, fields);
  const data = draftData(fields.data);
  const accounts = await accountsOf(db, scope.organizationId, teamId, fields.socialAccountTypes);
  const linkable = await linkableUploads(db, scope.organizationId, teamId, data);
  const row = await db.transaction(async (tx) => {
    if (fields.referenceKey) await assertReferenceKeyFree(tx, scope.organizationId, fields.referenceKey);
    const [created] = await tx
      .insert(posts)
      .values({
        organizationId: scope.organizationId,
        teamId,
        title: fields.title,
        status: 'DRAFT',
        postDate: new Date(fields.postDate),
        platforms: fields.socialAccountTypes,
        data,
        firstComment: fields.firstComment ?? null,
        referenceKey: fields.referenceKey ?? null,
      })
      .returning();
    await writeTargetsAndMedia(tx, created!, accounts, linkable);
    return created!;
  });
  return answer(services, row, problems);
}

/** `PUT /post/{id}/draft`: replaces a `DRAFT` in place, whatever its problems; a post past `DRAFT` is `409`. */
export async function savePostDraft(services: AppServices, scope: Scope & { id: string }, input: DraftInput) {
  const { db } = services;
  const current = await getPostRow(db, scope);
  assertEditable(current);
  requireDraft(current);
  const problems = await problemsOf(db, scope.organizationId, current.teamId, input);
  const data = draftData(input.data);
  const accounts = await accountsOf(db, scope.organizationId, current.teamId, input.socialAccountTypes);
  const linkable = await linkableUploads(db, scope.organizationId, current.teamId, data);
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(posts).where(eq(posts.id, current.id)).for('update');
    assertEditable(locked!);
    requireDraft(locked!);
    if (input.referenceKey && input.referenceKey !== locked!.referenceKey) await assertReferenceKeyFree(tx, scope.organizationId, input.referenceKey);
    const [updated] = await tx
      .update(posts)
      .set({
        title: input.title,
        postDate: new Date(input.postDate),
        platforms: input.socialAccountTypes,
        data,
        firstComment: input.firstComment ?? null,
        referenceKey: input.referenceKey ?? null,
        version: locked!.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(posts.id, current.id))
      .returning();
    await writeTargetsAndMedia(tx, updated!, accounts, linkable);
    return updated!;
  });
  return answer(services, row, problems);
}

function requireDraft(row: PostRow) {
  if (row.status !== 'DRAFT') {
    throw new ConflictError('Only a draft is saved whatever its problems: change a scheduled or failed post with PATCH /post/{id}');
  }
}
