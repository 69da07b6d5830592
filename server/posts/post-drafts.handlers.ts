import { createRouter } from '../http/create-router';
import * as routes from './post-drafts.routes';
import { createPostDraft, savePostDraft } from './post-drafts.service';

export const postDraftsRouter = createRouter();
postDraftsRouter.openapi(routes.createPostDraftRoute, async (c) => {
  return c.json(await createPostDraft(c.var.services, { organizationId: c.var.auth.organizationId }, c.req.valid('json')), 200);
});
postDraftsRouter.openapi(routes.savePostDraftRoute, async (c) => {
  return c.json(await savePostDraft(c.var.services, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }, c.req.valid('json')), 200);
});
