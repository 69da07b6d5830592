import { createRouter } from '../http/create-router';
import * as routes from './comment-imports.routes';
import { createCommentImport, getCommentImport, listCommentImports, toCommentImportDto } from './comment-imports.service';
import { actOnFetchedComment, listFetchedComments } from './fetched-comments.service';

// Mounted before the comments router: `/comment/import` must not be read as `/comment/{id}`.
export const commentImportsRouter = createRouter();
commentImportsRouter.openapi(routes.createCommentImportRoute, async (c) => {
  const row = await createCommentImport(c.var.services, { organizationId: c.var.auth.organizationId }, c.req.valid('json'));
  return c.json(toCommentImportDto(row), 201);
});
commentImportsRouter.openapi(routes.listCommentImportsRoute, async (c) =>
  c.json(await listCommentImports(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId }), 200),
);
commentImportsRouter.openapi(routes.listFetchedCommentsRoute, async (c) =>
  c.json(await listFetchedComments(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId }), 200),
);
commentImportsRouter.openapi(routes.getCommentImportRoute, async (c) => {
  const row = await getCommentImport(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').importId });
  return c.json(toCommentImportDto(row), 200);
});
commentImportsRouter.openapi(routes.actOnFetchedCommentRoute, async (c) =>
  c.json(
    await actOnFetchedComment(c.var.services, {
      ...c.req.valid('json'),
      organizationId: c.var.auth.organizationId,
      commentId: c.req.valid('param').commentId,
    }),
    200,
  ),
);
