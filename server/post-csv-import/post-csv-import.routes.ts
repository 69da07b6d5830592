import { createRoute, z } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';
import {
  CsvImportForm,
  ImportIdParams,
  PostCsvDryRunSchema,
  PostCsvImportListQuery,
  PostCsvImportListSchema,
  PostCsvImportSchema,
  PostCsvImportStatusSchema,
  PostCsvRowListSchema,
  PostCsvRowsQuery,
  PostExportQuery,
} from './post-csv-import.schemas';

const tags = ['Post CSV import'];
const security = apiKeySecurity;
const form = { required: true, content: { 'multipart/form-data': { schema: CsvImportForm } } };
const format =
  'One row a post: `date` (with an offset, or local with a `timezone` column), `accounts`, `text`, `media`, per-platform `<PLATFORM>.<option>` columns (docs/csv-import.md). ';

export const createCsvImportRoute = createRoute({
  method: 'post',
  path: '/post-csv-import',
  operationId: 'createPostCsvImport',
  summary: 'Upload a CSV file of posts and import it in the background',
  description:
    format +
    'Each row goes through the same checks as `POST /post`; rows that fail are reported in `/rows`, the others become posts. ' +
    "A row's post carries its `referenceKey` (the row's own, or one derived from its content): uploading the same file again creates no second post. " +
    'A file that cannot be read (not CSV, unknown column, no rows, over 1,000 rows) is `400`.',
  tags,
  security,
  request: { body: form },
  responses: { 201: jsonResponse(PostCsvImportSchema, 'The import, PENDING'), ...errorResponses(404) },
});

export const dryRunCsvImportRoute = createRoute({
  method: 'post',
  path: '/post-csv-import/dry-run',
  operationId: 'dryRunPostCsvImport',
  summary: 'Check every row of a CSV file of posts without creating anything (SocialDesk extension)',
  description: format + 'Answers per row VALID, INVALID (with `issues` naming the column) or ALREADY_IMPORTED (its referenceKey has a post).',
  tags,
  security,
  request: { body: form },
  responses: { 200: jsonResponse(PostCsvDryRunSchema, 'Per-row checks'), ...errorResponses(404) },
});

export const listCsvImportsRoute = createRoute({
  method: 'get',
  path: '/post-csv-import',
  operationId: 'listPostCsvImports',
  summary: 'CSV imports of the organization, newest first',
  tags,
  security,
  request: { query: PostCsvImportListQuery },
  responses: { 200: jsonResponse(PostCsvImportListSchema, 'Imports'), ...errorResponses(404) },
});

export const getCsvImportRoute = createRoute({
  method: 'get',
  path: '/post-csv-import/{importId}',
  operationId: 'getPostCsvImport',
  summary: 'Get a CSV import with its counts',
  tags,
  security,
  request: { params: ImportIdParams },
  responses: { 200: jsonResponse(PostCsvImportSchema, 'The import'), ...errorResponses(404) },
});

export const getCsvImportStatusRoute = createRoute({
  method: 'get',
  path: '/post-csv-import/{importId}/status',
  operationId: 'getPostCsvImportStatus',
  summary: "A CSV import's progress",
  tags,
  security,
  request: { params: ImportIdParams },
  responses: { 200: jsonResponse(PostCsvImportStatusSchema, 'Progress'), ...errorResponses(404) },
});

export const listCsvImportRowsRoute = createRoute({
  method: 'get',
  path: '/post-csv-import/{importId}/rows',
  operationId: 'listPostCsvImportRows',
  summary: 'Rows of a CSV import already processed: the post each made, or why not',
  tags,
  security,
  request: { params: ImportIdParams, query: PostCsvRowsQuery },
  responses: { 200: jsonResponse(PostCsvRowListSchema, 'Rows'), ...errorResponses(404) },
});

export const exportPostsRoute = createRoute({
  method: 'get',
  path: '/post/export.csv',
  operationId: 'exportPostsCsv',
  summary: 'Posts of a team as CSV, with their latest analytics (SocialDesk extension)',
  description:
    'The filters of `GET /post`, every matching post (up to 10,000) rather than a page. One line per post and platform: status, account, text, permalink, ' +
    'and the latest analytics snapshot (impressions, views, likes, comments, shares, saves).',
  tags: ['Posts'],
  security,
  request: { query: PostExportQuery },
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(404),
  },
});
