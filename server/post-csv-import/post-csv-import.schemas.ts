import { z } from '@hono/zod-openapi';
import { offsetPaginationQuery } from '../http/pagination';
import { POST_CSV_IMPORT_STATUSES } from '../db/schema/post-csv-imports';
import { PostListQuery } from '../posts/posts.schemas';

const nullableDate = z.string().datetime().nullable();

/** Row numbers to leave out, `3,7` or `3;7`: the dashboard's "drop row". */
const skipRows = z
  .string()
  .max(10_000)
  .regex(/^\s*(\d+\s*[,;]\s*)*\d*\s*$/, 'Row numbers separated by commas')
  .optional()
  .transform((value) => [
    ...new Set(
      (value ?? '')
        .split(/[,;]/)
        .filter((item) => item.trim() !== '')
        .map(Number),
    ),
  ])
  .openapi({ type: 'string', example: '3,7', description: 'Row numbers (the first post is row 1) to leave out of the import' });

const file = z
  .custom<File>((value) => typeof File !== 'undefined' && value instanceof File, { message: 'Required: the CSV file as the `file` part' })
  .openapi({ type: 'string', format: 'binary', description: 'The CSV file (UTF-8, up to 1 MB, at most 1,000 rows): docs/csv-import.md' });

export const CsvImportForm = z
  .object({
    file,
    teamId: z.string().min(1).max(64).optional().openapi({
      description: "The team the posts belong to; may be left out when the organization has one team (the hosted service's client sends only `file`)",
    }),
    skipRows,
  })
  .strict()
  .openapi('PostCsvImportForm');

export const PostCsvImportSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    organizationId: z.string(),
    status: z.enum(POST_CSV_IMPORT_STATUSES),
    fileName: z.string(),
    totalRows: z.number().int(),
    processedRows: z.number().int(),
    successRows: z.number().int(),
    failedRows: z.number().int(),
    error: z.string().nullable(),
    rateLimitResetAt: nullableDate,
    startedAt: nullableDate,
    completedAt: nullableDate,
    createdAt: nullableDate,
    updatedAt: nullableDate,
    deletedAt: nullableDate,
  })
  .openapi('PostCsvImport');

export const PostCsvImportListSchema = z.object({ items: z.array(PostCsvImportSchema), total: z.number().int() }).openapi('PostCsvImportList');

export const PostCsvImportStatusSchema = PostCsvImportSchema.pick({
  id: true,
  status: true,
  totalRows: true,
  processedRows: true,
  successRows: true,
  failedRows: true,
  error: true,
  startedAt: true,
  completedAt: true,
  updatedAt: true,
}).openapi('PostCsvImportStatus');

export const PostCsvImportListQuery = z
  .object({
    ...offsetPaginationQuery,
    teamId: z.string().min(1).max(64).optional().openapi({ description: 'Only this team’s imports (SocialDesk extension)' }),
  })
  .strict();

export const ImportIdParams = z.object({
  importId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'importId', in: 'path' } }),
});

export const PostCsvRowsQuery = z.object({ ...offsetPaginationQuery, status: z.enum(['SUCCESS', 'FAILED']).optional() }).strict();

export const PostCsvRowSchema = z
  .object({
    id: z.string(),
    importId: z.string(),
    rowNumber: z.number().int(),
    status: z.enum(['SUCCESS', 'FAILED']),
    postId: z.string().nullable(),
    rawRow: z.record(z.string()).nullable(),
    normalizedPayload: z.unknown().openapi({ description: 'The `POST /post` body the row became' }),
    error: z.string().nullable(),
    createdAt: nullableDate,
  })
  .openapi('PostCsvImportRow');

export const PostCsvRowListSchema = z.object({ items: z.array(PostCsvRowSchema), total: z.number().int() }).openapi('PostCsvImportRowList');

const IssueSchema = z.object({ code: z.string(), message: z.string(), path: z.array(z.union([z.string(), z.number()])) });

export const DRY_RUN_ROW_STATUSES = ['VALID', 'INVALID', 'ALREADY_IMPORTED'] as const;

export const PostCsvDryRunSchema = z
  .object({
    fileName: z.string(),
    teamId: z.string(),
    totalRows: z.number().int().openapi({ description: 'Rows checked (skipped rows excluded)' }),
    validRows: z.number().int(),
    invalidRows: z.number().int(),
    alreadyImportedRows: z.number().int().openapi({ description: 'Rows whose referenceKey already has a post: importing links them, creates nothing' }),
    skippedRows: z.array(z.number().int()),
    rows: z.array(
      z.object({
        rowNumber: z.number().int(),
        status: z.enum(DRY_RUN_ROW_STATUSES),
        referenceKey: z.string(),
        postId: z.string().nullable(),
        rawRow: z.record(z.string()),
        normalizedPayload: z.unknown(),
        error: z.string().nullable(),
        issues: z.array(IssueSchema).openapi({ description: 'Paths name the CSV column (`YOUTUBE.text`, `accounts`, `date`)' }),
        notes: z.array(z.string()),
      }),
    ),
  })
  .openapi('PostCsvDryRun');

/** The posts list's filters (`GET /post`), every matching post rather than a page. */
export const PostExportQuery = PostListQuery.omit({ offset: true, limit: true });
