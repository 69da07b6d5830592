import { createRouter } from '../http/create-router';
import * as routes from './post-csv-import.routes';
import { createCsvImport, dryRunCsvImport, getCsvImport, listCsvImportRows, listCsvImports, toCsvImportDto, toCsvStatusDto } from './post-csv-import.service';
import { exportPostsCsv } from './post-export';

type Form = { file: File; teamId?: string; skipRows: number[] };
const readForm = async (form: Form) => ({
  text: await form.file.text(),
  fileName: form.file.name || 'posts.csv',
  teamId: form.teamId,
  skipRows: form.skipRows,
});

// Registered before the posts router: `/post/export.csv` would otherwise be read as `/post/{id}`,
// and `/post-csv-import/dry-run` is a POST beside the GET `/{importId}`.
export const postCsvImportRouter = createRouter();
postCsvImportRouter.openapi(routes.exportPostsRoute, async (c) => {
  const csv = await exportPostsCsv(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  const day = new Date().toISOString().slice(0, 10);
  return c.body(csv, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="posts-${day}.csv"` });
});
postCsvImportRouter.openapi(routes.dryRunCsvImportRoute, async (c) => {
  const result = await dryRunCsvImport(c.var.services, { organizationId: c.var.auth.organizationId }, await readForm(c.req.valid('form')));
  return c.json(result, 200);
});
postCsvImportRouter.openapi(routes.createCsvImportRoute, async (c) => {
  const row = await createCsvImport(c.var.services, { organizationId: c.var.auth.organizationId }, await readForm(c.req.valid('form')));
  return c.json(toCsvImportDto(row), 201);
});
postCsvImportRouter.openapi(routes.listCsvImportsRoute, async (c) =>
  c.json(await listCsvImports(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId }), 200),
);
postCsvImportRouter.openapi(routes.getCsvImportRoute, async (c) => {
  const row = await getCsvImport(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').importId });
  return c.json(toCsvImportDto(row), 200);
});
postCsvImportRouter.openapi(routes.getCsvImportStatusRoute, async (c) => {
  const row = await getCsvImport(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').importId });
  return c.json(toCsvStatusDto(row), 200);
});
postCsvImportRouter.openapi(routes.listCsvImportRowsRoute, async (c) =>
  c.json(
    await listCsvImportRows(c.var.services.db, { ...c.req.valid('query'), importId: c.req.valid('param').importId, organizationId: c.var.auth.organizationId }),
    200,
  ),
);
