import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SocialAccountRow } from '../accounts/account-record';
import type { Executor } from '../db/client';
import { postCsvImportRows, postCsvImports } from '../db/schema/post-csv-imports';
import { posts } from '../db/schema/posts';
import { socialAccounts } from '../db/schema/social-accounts';
import { teams } from '../db/schema/teams';
import { AppError, BadRequestError, ConflictError, NotFoundError, type Issue } from '../http/errors';
import { CreatePostBody } from '../posts/posts.schemas';
import { checkContent, createPost } from '../posts/posts.service';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { uploadFromUrl } from '../uploads/from-url.service';
import { parseCsvFile, readRow, type RawRow } from './csv-format';
import { importPostCsvJob } from './post-csv-import.jobs';

export type PostCsvImportRow = typeof postCsvImports.$inferSelect;
export type PostCsvImportRowRow = typeof postCsvImportRows.$inferSelect;
type Scope = { organizationId: string };
type CsvFile = { text: string; fileName: string; teamId?: string; skipRows: number[] };

const iso = (date: Date | null) => date?.toISOString() ?? null;
const TERMINAL = ['COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED'] as const;

export function toCsvImportDto(row: PostCsvImportRow) {
  return {
    id: row.id,
    teamId: row.teamId,
    organizationId: row.organizationId,
    status: row.status,
    fileName: row.fileName,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    successRows: row.successRows,
    failedRows: row.failedRows,
    error: row.error,
    rateLimitResetAt: iso(row.rateLimitResetAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  };
}

export function toCsvStatusDto(row: PostCsvImportRow) {
  const dto = toCsvImportDto(row);
  const { id, status, totalRows, processedRows, successRows, failedRows, error, startedAt, completedAt, updatedAt } = dto;
  return { id, status, totalRows, processedRows, successRows, failedRows, error, startedAt, completedAt, updatedAt };
}

export function toCsvRowDto(row: PostCsvImportRowRow) {
  return {
    id: row.id,
    importId: row.importId,
    rowNumber: row.rowNumber,
    status: row.status === 'SUCCESS' ? ('SUCCESS' as const) : ('FAILED' as const),
    postId: row.postId,
    rawRow: row.rawRow,
    normalizedPayload: row.normalizedPayload,
    error: row.error,
    createdAt: iso(row.createdAt),
  };
}

/** The named team, or the organization's only one (the hosted service's client sends no team). */
async function resolveTeam(db: Executor, organizationId: string, teamId: string | undefined): Promise<string> {
  if (teamId) return (await getTeam(db, { organizationId, id: teamId })).id;
  const rows = await db.select({ id: teams.id }).from(teams).where(eq(teams.organizationId, organizationId)).limit(2);
  if (rows.length === 1) return rows[0]!.id;
  throw new BadRequestError('Validation failed: teamId is required when the organization has several teams', [
    { code: 'custom', path: ['teamId'], message: 'Required: this organization has several teams' },
  ]);
}

async function teamAccounts(db: Executor, organizationId: string, teamId: string): Promise<SocialAccountRow[]> {
  return db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, organizationId), eq(socialAccounts.teamId, teamId), isNull(socialAccounts.deletedAt)));
}

/** A post path (`data.YOUTUBE.text`) as the CSV column it came from (`YOUTUBE.text`). */
function toColumnPath(path: (string | number)[]): (string | number)[] {
  const [head, ...rest] = path;
  if (head === 'data') return rest.length ? [`${rest[0]}.${rest[1] ?? 'text'}`, ...rest.slice(2)] : ['accounts'];
  if (head === 'socialAccountTypes') return ['accounts', ...rest];
  if (head === 'postDate') return ['date'];
  return path;
}

export function describeIssues(issues: Issue[]): string {
  return issues.map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ');
}

type CheckedRow = {
  issues: Issue[];
  notes: string[];
  payload: Record<string, unknown> | null;
  input: z.infer<typeof CreatePostBody> | null;
};

/**
 * One row through the same checks `POST /post` runs (its body schema, then the accounts, uploads
 * and media rules of `checkContent`), plus what only a file can get wrong: dates in the past.
 * `urlUploads` maps the row's media URLs to fetched uploads; without it (a dry run) URLs are left
 * out and their media checked at import.
 */
async function checkRow(
  services: AppServices,
  scope: Scope & { teamId: string; accounts: SocialAccountRow[]; now: Date },
  raw: RawRow,
  rowNumber: number,
  urlUploads?: Map<string, string>,
): Promise<CheckedRow & { referenceKey: string; mediaUrls: string[] }> {
  const read = readRow(raw, rowNumber, { teamId: scope.teamId, accounts: scope.accounts });
  const issues = [...read.issues];
  const notes: string[] = [];
  let payload = read.payload;
  if (payload && read.mediaUrls.length) {
    const data = payload.data as Record<string, Record<string, unknown>>;
    for (const options of Object.values(data)) {
      const ids = (options.uploadIds as string[] | undefined) ?? [];
      const resolved = ids.flatMap((id) => (read.mediaUrls.includes(id) ? (urlUploads?.has(id) ? [urlUploads.get(id)!] : []) : [id]));
      if (resolved.length) options.uploadIds = resolved;
      else delete options.uploadIds;
    }
    payload = { ...payload, data };
    if (!urlUploads) notes.push(`${read.mediaUrls.length} media URL(s) are fetched at import; their files are checked then`);
  }
  if (!payload || issues.length) return { issues, notes, payload, input: null, referenceKey: read.referenceKey, mediaUrls: read.mediaUrls };

  const parsed = CreatePostBody.safeParse(payload);
  if (!parsed.success) {
    const schemaIssues = parsed.error.issues.map((issue) => ({ code: issue.code, message: issue.message, path: toColumnPath(issue.path) }));
    // Without the URLs' files, "needs media" is not this row's fault yet.
    const relevant = !urlUploads && read.mediaUrls.length ? schemaIssues.filter((issue) => !String(issue.path[0]).endsWith('.uploadIds')) : schemaIssues;
    return { issues: relevant, notes, payload, input: null, referenceKey: read.referenceKey, mediaUrls: read.mediaUrls };
  }
  if (parsed.data.status === 'SCHEDULED' && new Date(parsed.data.postDate) < scope.now) {
    issues.push({ code: 'custom', path: ['date'], message: 'The date is in the past: a scheduled row would publish at once' });
  }
  try {
    await checkContent(services.db, scope.organizationId, scope.teamId, parsed.data);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    issues.push(...(error.issues ?? [{ code: 'custom', path: [], message: error.message }]).map((issue) => ({ ...issue, path: toColumnPath(issue.path) })));
  }
  return { issues, notes, payload, input: issues.length ? null : parsed.data, referenceKey: read.referenceKey, mediaUrls: read.mediaUrls };
}

function readFile(file: CsvFile) {
  const { rows } = parseCsvFile(file.text);
  const kept = rows.map((raw, index) => ({ raw, rowNumber: index + 1 })).filter((row) => !file.skipRows.includes(row.rowNumber));
  if (kept.length === 0)
    throw new BadRequestError('Every row is skipped: nothing to import', [{ code: 'custom', path: ['skipRows'], message: 'Every row is skipped' }]);
  return kept;
}

/** Checks every row as the import would and creates nothing. */
export async function dryRunCsvImport(services: AppServices, scope: Scope, file: CsvFile) {
  const { db } = services;
  const teamId = await resolveTeam(db, scope.organizationId, file.teamId);
  const kept = readFile(file);
  const accounts = await teamAccounts(db, scope.organizationId, teamId);
  const now = new Date();
  const checked: (Awaited<ReturnType<typeof checkRow>> & { rowNumber: number; raw: RawRow })[] = [];
  for (const { raw, rowNumber } of kept) {
    checked.push({ rowNumber, raw, ...(await checkRow(services, { ...scope, teamId, accounts, now }, raw, rowNumber)) });
  }
  const keys = checked.map((row) => row.referenceKey);
  const existing = await db
    .select({ id: posts.id, referenceKey: posts.referenceKey })
    .from(posts)
    .where(and(eq(posts.organizationId, scope.organizationId), inArray(posts.referenceKey, keys)));
  const postByKey = new Map(existing.map((row) => [row.referenceKey!, row.id]));
  const rows = checked.map((row) => {
    const issues = [...row.issues];
    const first = checked.find((other) => other.referenceKey === row.referenceKey)!;
    if (first !== row) issues.push({ code: 'custom', path: ['referenceKey'], message: `Same post as row ${first.rowNumber}` });
    const postId = postByKey.get(row.referenceKey) ?? null;
    const status = postId ? ('ALREADY_IMPORTED' as const) : issues.length ? ('INVALID' as const) : ('VALID' as const);
    const notes = postId ? [...row.notes, `Already imported as post ${postId}: importing again creates nothing`] : row.notes;
    return {
      rowNumber: row.rowNumber,
      status,
      referenceKey: row.referenceKey,
      postId,
      rawRow: row.raw,
      normalizedPayload: row.payload,
      error: !postId && issues.length ? describeIssues(issues) : null,
      issues: postId ? [] : issues,
      notes,
    };
  });
  return {
    fileName: file.fileName,
    teamId,
    totalRows: rows.length,
    validRows: rows.filter((row) => row.status === 'VALID').length,
    invalidRows: rows.filter((row) => row.status === 'INVALID').length,
    alreadyImportedRows: rows.filter((row) => row.status === 'ALREADY_IMPORTED').length,
    skippedRows: file.skipRows,
    rows,
  };
}

/** Stores the file's rows and queues the import in the same transaction. `enqueue: false` is the demo seed's. */
export async function createCsvImport(services: AppServices, scope: Scope, file: CsvFile, options: { enqueue?: boolean } = {}) {
  const { db } = services;
  const teamId = await resolveTeam(db, scope.organizationId, file.teamId);
  const kept = readFile(file);
  const accounts = await teamAccounts(db, scope.organizationId, teamId);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(postCsvImports)
      .values({ organizationId: scope.organizationId, teamId, fileName: file.fileName, totalRows: kept.length })
      .returning();
    await tx.insert(postCsvImportRows).values(
      kept.map(({ raw, rowNumber }) => {
        const read = readRow(raw, rowNumber, { teamId, accounts });
        return {
          importId: created!.id,
          organizationId: scope.organizationId,
          rowNumber,
          referenceKey: read.referenceKey,
          rawRow: raw,
          normalizedPayload: read.payload,
        };
      }),
    );
    if (options.enqueue ?? true) await services.jobs.send(importPostCsvJob, { importId: created!.id }, { executor: tx });
    return created!;
  });
}

async function postIdByReferenceKey(db: Executor, organizationId: string, referenceKey: string) {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.organizationId, organizationId), eq(posts.referenceKey, referenceKey)));
  return row?.id ?? null;
}

type RowOutcome = { status: 'SUCCESS' | 'FAILED'; postId: string | null; error: string | null; payload: Record<string, unknown> | null };

async function importRow(services: AppServices, job: PostCsvImportRow, row: PostCsvImportRowRow, accounts: SocialAccountRow[]): Promise<RowOutcome> {
  const scope = { organizationId: job.organizationId };
  // A post with the row's key: this row ran before a crash, or an earlier upload of the file made it.
  const done = await postIdByReferenceKey(services.db, job.organizationId, row.referenceKey);
  if (done) return { status: 'SUCCESS', postId: done, error: null, payload: row.normalizedPayload };

  const read = readRow(row.rawRow, row.rowNumber, { teamId: job.teamId, accounts });
  const fetched = new Map(Object.entries(row.fetchedUploads ?? {}));
  if (read.issues.length === 0) {
    for (const url of read.mediaUrls) {
      if (fetched.has(url)) continue;
      try {
        const upload = await uploadFromUrl(services, { organizationId: job.organizationId, teamId: job.teamId, url });
        fetched.set(url, upload.id);
        // Kept at once: a resumed run does not fetch the same file again.
        await services.db
          .update(postCsvImportRows)
          .set({ fetchedUploads: Object.fromEntries(fetched) })
          .where(eq(postCsvImportRows.id, row.id));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { status: 'FAILED', postId: null, error: `media: ${url}: ${error.message}`, payload: read.payload };
      }
    }
  }
  const checked = await checkRow(services, { ...scope, teamId: job.teamId, accounts, now: new Date() }, row.rawRow, row.rowNumber, fetched);
  if (!checked.input) return { status: 'FAILED', postId: null, error: describeIssues(checked.issues) || 'The row is not a post', payload: checked.payload };
  try {
    const post = await createPost(services, scope, checked.input);
    return { status: 'SUCCESS', postId: post.id, error: null, payload: checked.payload };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error instanceof ConflictError) {
      const raced = await postIdByReferenceKey(services.db, job.organizationId, row.referenceKey);
      if (raced) return { status: 'SUCCESS', postId: raced, error: null, payload: checked.payload };
    }
    const issues = (error.issues ?? []).map((issue) => ({ ...issue, path: toColumnPath(issue.path) }));
    return { status: 'FAILED', postId: null, error: issues.length ? describeIssues(issues) : error.message, payload: checked.payload };
  }
}

/** The job: every PENDING row in order, each outcome and the counts written together. Safe to run again at any point. */
export async function runCsvImport(services: AppServices, importId: string) {
  const { db } = services;
  const [job] = await db.select().from(postCsvImports).where(eq(postCsvImports.id, importId));
  if (!job || (TERMINAL as readonly string[]).includes(job.status)) return;
  await db
    .update(postCsvImports)
    .set({ status: 'PROCESSING', startedAt: job.startedAt ?? new Date() })
    .where(eq(postCsvImports.id, importId));
  const accounts = await teamAccounts(db, job.organizationId, job.teamId);
  for (;;) {
    const pending = await db
      .select()
      .from(postCsvImportRows)
      .where(and(eq(postCsvImportRows.importId, importId), eq(postCsvImportRows.status, 'PENDING')))
      .orderBy(asc(postCsvImportRows.rowNumber))
      .limit(20);
    if (pending.length === 0) break;
    for (const row of pending) {
      const outcome = await importRow(services, job, row, accounts);
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(postCsvImportRows)
          .set({ status: outcome.status, postId: outcome.postId, error: outcome.error, normalizedPayload: outcome.payload })
          .where(and(eq(postCsvImportRows.id, row.id), eq(postCsvImportRows.status, 'PENDING')))
          .returning({ id: postCsvImportRows.id });
        if (updated.length === 0) return;
        await tx
          .update(postCsvImports)
          .set({
            processedRows: sql`${postCsvImports.processedRows} + 1`,
            successRows: outcome.status === 'SUCCESS' ? sql`${postCsvImports.successRows} + 1` : postCsvImports.successRows,
            failedRows: outcome.status === 'FAILED' ? sql`${postCsvImports.failedRows} + 1` : postCsvImports.failedRows,
          })
          .where(eq(postCsvImports.id, importId));
      });
    }
  }
  const [final] = await db.select().from(postCsvImports).where(eq(postCsvImports.id, importId));
  const status = final!.failedRows === 0 ? 'COMPLETED' : final!.successRows === 0 ? 'FAILED' : 'COMPLETED_WITH_ERRORS';
  await db
    .update(postCsvImports)
    .set({ status, completedAt: new Date(), error: status === 'FAILED' ? 'No row could be imported: see the rows' : null })
    .where(eq(postCsvImports.id, importId));
}

/** The queue gave up (every retry threw): the import says so instead of staying PROCESSING. */
export async function failCsvImport(services: AppServices, importId: string, error: unknown) {
  const message = error instanceof AppError ? error.message : 'The import stopped on an unexpected error; rows already imported are kept';
  await services.db
    .update(postCsvImports)
    .set({ status: 'FAILED', error: message, completedAt: new Date() })
    .where(and(eq(postCsvImports.id, importId), inArray(postCsvImports.status, ['PENDING', 'PROCESSING'])));
}

export async function getCsvImport(db: Executor, params: Scope & { id: string }): Promise<PostCsvImportRow> {
  const [row] = await db
    .select()
    .from(postCsvImports)
    .where(and(eq(postCsvImports.organizationId, params.organizationId), eq(postCsvImports.id, params.id), isNull(postCsvImports.deletedAt)));
  if (!row) throw new NotFoundError('CSV import');
  return row;
}

export async function listCsvImports(db: Executor, params: Scope & { teamId?: string; offset: number; limit: number }) {
  const where = and(
    eq(postCsvImports.organizationId, params.organizationId),
    isNull(postCsvImports.deletedAt),
    params.teamId ? eq(postCsvImports.teamId, params.teamId) : undefined,
  );
  if (params.teamId) await getTeam(db, { organizationId: params.organizationId, id: params.teamId });
  const [items, [total]] = await Promise.all([
    db.select().from(postCsvImports).where(where).orderBy(desc(postCsvImports.createdAt), desc(postCsvImports.id)).offset(params.offset).limit(params.limit),
    db.select({ value: count() }).from(postCsvImports).where(where),
  ]);
  return { items: items.map(toCsvImportDto), total: total?.value ?? 0 };
}

export async function listCsvImportRows(db: Executor, params: Scope & { importId: string; status?: 'SUCCESS' | 'FAILED'; offset: number; limit: number }) {
  await getCsvImport(db, { organizationId: params.organizationId, id: params.importId });
  const where = and(
    eq(postCsvImportRows.importId, params.importId),
    eq(postCsvImportRows.organizationId, params.organizationId),
    params.status ? eq(postCsvImportRows.status, params.status) : inArray(postCsvImportRows.status, ['SUCCESS', 'FAILED']),
  );
  const [items, [total]] = await Promise.all([
    db.select().from(postCsvImportRows).where(where).orderBy(asc(postCsvImportRows.rowNumber)).offset(params.offset).limit(params.limit),
    db.select({ value: count() }).from(postCsvImportRows).where(where),
  ]);
  return { items: items.map(toCsvRowDto), total: total?.value ?? 0 };
}
