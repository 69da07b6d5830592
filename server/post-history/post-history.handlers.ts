import { createRouter } from '../http/create-router';
import * as routes from './post-history.routes';
import {
  createPostHistoryImport,
  deleteImportedPosts,
  getPostHistoryImport,
  listImportedPosts,
  listPostHistoryImports,
  retryPostHistoryImport,
  toPostHistoryImportDto,
} from './post-history.service';

// `/post-history-import/posts` is registered before `/post-history-import/{importId}`.
export const postHistoryRouter = createRouter();
postHistoryRouter.openapi(routes.createPostHistoryImportRoute, async (c) => {
  const row = await createPostHistoryImport(c.var.services, { organizationId: c.var.auth.organizationId }, c.req.valid('json'));
  return c.json(toPostHistoryImportDto(row), 201);
});
postHistoryRouter.openapi(routes.listPostHistoryImportsRoute, async (c) =>
  c.json(await listPostHistoryImports(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId }), 200),
);
postHistoryRouter.openapi(routes.listImportedPostsRoute, async (c) =>
  c.json(await listImportedPosts(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId }), 200),
);
postHistoryRouter.openapi(routes.deleteImportedPostsRoute, async (c) =>
  c.json(await deleteImportedPosts(c.var.services.db, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId }), 200),
);
postHistoryRouter.openapi(routes.getPostHistoryImportRoute, async (c) => {
  const row = await getPostHistoryImport(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').importId });
  return c.json(toPostHistoryImportDto(row), 200);
});
postHistoryRouter.openapi(routes.retryPostHistoryImportRoute, async (c) => {
  const row = await retryPostHistoryImport(c.var.services, {
    organizationId: c.var.auth.organizationId,
    id: c.req.valid('param').importId,
    teamId: c.req.valid('json').teamId,
  });
  return c.json(toPostHistoryImportDto(row), 200);
});
