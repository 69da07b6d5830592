import { and, count, desc, eq, exists, inArray, isNull, not, or, sql, getTableColumns } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Executor } from '../db/client';
import { postUploads, uploads } from '../db/schema/uploads';
import { ConflictError, NotFoundError } from '../http/errors';
import { getTeam } from '../teams/teams.service';

export type UploadRow = typeof uploads.$inferSelect;
export type PostLinkRow = typeof postUploads.$inferSelect;

/** Deleted uploads stay restorable by the operator for two days (spec, "Retention"). */
export const DELETED_RETENTION_MS = 2 * 24 * 3600_000;

export function mediaUrl(config: Config, key: string): string {
  return `${config.publicUrl}/media/${key}`;
}

export function toUploadDto(config: Config, row: UploadRow) {
  const thumbnailUrl = row.thumbnailPath ? mediaUrl(config, row.thumbnailPath) : null;
  return {
    id: row.id,
    teamId: row.teamId,
    organizationId: row.organizationId,
    type: row.type,
    mime: row.mime,
    ext: row.ext,
    url: mediaUrl(config, row.path),
    thumbnailUrl,
    iconUrl: null,
    externalLink: row.externalLink,
    path: row.path,
    thumbnailPath: row.thumbnailPath,
    iconPath: null,
    width: row.width,
    height: row.height,
    fileSize: row.fileSize,
    videoLength: row.videoLength,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPostLinkDto(link: PostLinkRow) {
  return {
    postId: link.postId,
    uploadId: link.uploadId,
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
    deletedAt: link.deletedAt?.toISOString() ?? null,
  };
}

/** Linked to a post at all: the `USED` filter. */
const activeLink = () => exists(sql`(select 1 from ${postUploads} where ${postUploads.uploadId} = ${uploads.id} and ${postUploads.deletedAt} is null)`);

/** A post that has not finished with the upload yet: it must stay. */
const holdingLink = () =>
  exists(
    sql`(select 1 from ${postUploads} where ${postUploads.uploadId} = ${uploads.id} and ${postUploads.deletedAt} is null and ${postUploads.releasedAt} is null)`,
  );

/**
 * Live uploads the caller may see. With a team: that team's and the organization-wide ones
 * (an upload of another team of the same organization is not visible to it).
 */
function visible(organizationId: string, teamId?: string) {
  return and(
    eq(uploads.organizationId, organizationId),
    isNull(uploads.deletedAt),
    teamId ? or(isNull(uploads.teamId), eq(uploads.teamId, teamId)) : undefined,
  );
}

export async function listUploads(
  db: Executor,
  params: { organizationId: string; teamId?: string; type?: 'image' | 'video' | 'document'; status?: 'USED' | 'UNUSED'; offset: number; limit: number },
) {
  if (params.teamId) await getTeam(db, { organizationId: params.organizationId, id: params.teamId });
  const where = and(
    visible(params.organizationId, params.teamId),
    params.type ? eq(uploads.type, params.type) : undefined,
    params.status === 'USED' ? activeLink() : params.status === 'UNUSED' ? not(activeLink()) : undefined,
  );
  const rows = await db
    .select({ ...getTableColumns(uploads), total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(uploads)
    .where(where)
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .offset(params.offset)
    .limit(params.limit);
  const items = rows.map(({ total: _total, ...row }) => row);
  let total = rows[0]?.total ?? 0;
  // A page past the end has no rows to carry the total.
  if (rows.length === 0 && params.offset > 0) total = (await db.select({ value: count() }).from(uploads).where(where))[0]?.value ?? 0;
  return {
    items,
    total,
    links: await linksOf(
      db,
      items.map((item) => item.id),
    ),
  };
}

/** The posts using each upload, for the `posts` list of the answer. */
export async function linksOf(db: Executor, uploadIds: string[]): Promise<Map<string, PostLinkRow[]>> {
  const byUpload = new Map<string, PostLinkRow[]>(uploadIds.map((id) => [id, []]));
  if (uploadIds.length === 0) return byUpload;
  const links = await db
    .select()
    .from(postUploads)
    .where(and(inArray(postUploads.uploadId, uploadIds), isNull(postUploads.deletedAt)))
    .orderBy(postUploads.createdAt);
  for (const link of links) byUpload.get(link.uploadId)?.push(link);
  return byUpload;
}

export async function getUpload(db: Executor, params: { organizationId: string; id: string }): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(visible(params.organizationId), eq(uploads.id, params.id)));
  if (!row) throw new NotFoundError('Upload');
  return row;
}

/**
 * Soft-deletes the uploads (all or none): they disappear at once and their files go after two
 * days. An upload a pending post still needs is refused rather than pulled from under the post.
 */
export async function deleteUploads(db: Database, params: { organizationId: string; ids: string[]; now?: Date }): Promise<UploadRow[]> {
  const ids = [...new Set(params.ids)];
  const now = params.now ?? new Date();
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: uploads.id, held: holdingLink().mapWith(Boolean) })
      .from(uploads)
      .where(and(visible(params.organizationId), inArray(uploads.id, ids)))
      .for('update');
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length === 1 && ids.length === 1) throw new NotFoundError('Upload');
    if (missing.length > 0) throw new NotFoundError(`Uploads ${missing.join(', ')}`);
    const held = found.filter((row) => row.held).map((row) => row.id);
    if (held.length > 0) throw new ConflictError(`Upload ${held.join(', ')} is used by a post that is not finished yet: remove it from the post first`);
    return tx
      .update(uploads)
      .set({ deletedAt: now, purgeAfter: new Date(now.getTime() + DELETED_RETENTION_MS), updatedAt: now })
      .where(and(eq(uploads.organizationId, params.organizationId), inArray(uploads.id, ids)))
      .returning();
  });
}

/** A `teamId` given by the caller must be a team of its organization (`404` otherwise). */
export async function assertTeam(db: Executor, organizationId: string, teamId: string | null | undefined): Promise<string | null> {
  if (!teamId) return null;
  await getTeam(db, { organizationId, id: teamId });
  return teamId;
}
