import { createRouter } from '../http/create-router';
import type { AppServices } from '../services';
import { uploadFromUrl } from './from-url.service';
import { finalizeUpload, initUpload } from './three-step.service';
import { ingestLocalFile } from './upload-ingest.service';
import { validUploadForm, type UploadForm } from './upload-form';
import { assertUploadQuotaLeftBesideReservations } from './upload-quota';
import * as routes from './uploads.routes';
import { assertTeam, deleteUploads, getUpload, linksOf, listUploads, toPostLinkDto, toUploadDto } from './uploads.service';

/** The simple flow: the form's file was streamed to a scratch file; the common ingest takes it from there. */
async function createFromForm(services: AppServices, organizationId: string, form: UploadForm) {
  const teamId = await assertTeam(services.db, organizationId, form.teamId);
  await assertUploadQuotaLeftBesideReservations(services.db, organizationId);
  // The part's own Content-Type is a declaration like /upload/init's mimeType; the generic
  // octet-stream (what most tools send when they do not know) declares nothing.
  const declared = form.file.type && form.file.type !== 'application/octet-stream' ? form.file.type : null;
  return ingestLocalFile(services, form.file.localPath, { organizationId, teamId, declaredMime: declared });
}

export const uploadsRouter = createRouter();
uploadsRouter.openapi(routes.createUploadRoute, async (c) => {
  const row = await createFromForm(c.var.services, c.var.auth.organizationId, validUploadForm(c));
  return c.json(toUploadDto(c.var.services.config, row), 200);
});
uploadsRouter.openapi(routes.postUploadRoute, async (c) => {
  const row = await createFromForm(c.var.services, c.var.auth.organizationId, validUploadForm(c));
  return c.json(toUploadDto(c.var.services.config, row), 200);
});
uploadsRouter.openapi(routes.initUploadRoute, async (c) => {
  const result = await initUpload(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(result, 200);
});
uploadsRouter.openapi(routes.finalizeUploadRoute, async (c) => {
  const row = await finalizeUpload(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(toUploadDto(c.var.services.config, row), 200);
});
uploadsRouter.openapi(routes.fromUrlRoute, async (c) => {
  const row = await uploadFromUrl(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(toUploadDto(c.var.services.config, row), 200);
});
uploadsRouter.openapi(routes.listUploadsRoute, async (c) => {
  const { config, db } = c.var.services;
  const page = await listUploads(db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  const items = page.items.map((row) => ({ ...toUploadDto(config, row), posts: (page.links.get(row.id) ?? []).map(toPostLinkDto) }));
  return c.json({ items, total: page.total }, 200);
});
uploadsRouter.openapi(routes.getUploadRoute, async (c) => {
  const { config, db } = c.var.services;
  const row = await getUpload(db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  const links = await linksOf(db, [row.id]);
  return c.json({ ...toUploadDto(config, row), posts: (links.get(row.id) ?? []).map(toPostLinkDto) }, 200);
});
uploadsRouter.openapi(routes.deleteUploadRoute, async (c) => {
  const [row] = await deleteUploads(c.var.services.db, { organizationId: c.var.auth.organizationId, ids: [c.req.valid('param').id] });
  return c.json(toUploadDto(c.var.services.config, row!), 200);
});
uploadsRouter.openapi(routes.deleteUploadsRoute, async (c) => {
  const rows = await deleteUploads(c.var.services.db, { organizationId: c.var.auth.organizationId, ids: c.req.valid('json').ids });
  return c.json(
    rows.map((row) => toUploadDto(c.var.services.config, row)),
    200,
  );
});
