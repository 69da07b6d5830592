import { createRouter } from '../http/create-router';
import { getOrganization } from '../organizations/organizations.service';
import { presentComment, presentComments } from './comment-dto';
import { MONTHLY_COMMENT_LIMITS, monthlyCommentsUsed } from './comment-quotas';
import * as routes from './comments.routes';
import { createComment, deleteComment, getCommentRow, listComments, retryComment, updateComment } from './comments.service';

export const commentsRouter = createRouter();
commentsRouter.openapi(routes.commentsUsageRoute, async (c) => {
  const organization = await getOrganization(c.var.services.db, c.var.auth.organizationId);
  const used = await monthlyCommentsUsed(c.var.services.db, organization.id, new Date());
  const limit = MONTHLY_COMMENT_LIMITS[organization.plan];
  return c.json({ used, limit, remaining: Math.max(0, limit - used) }, 200);
});
commentsRouter.openapi(routes.createCommentRoute, async (c) => {
  const row = await createComment(c.var.services, { organizationId: c.var.auth.organizationId }, c.req.valid('json'));
  return c.json(await presentComment(c.var.services.db, row), 200);
});
commentsRouter.openapi(routes.listCommentsRoute, async (c) => {
  const { items, total } = await listComments(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  return c.json({ items: await presentComments(c.var.services.db, items), total }, 200);
});
commentsRouter.openapi(routes.getCommentRoute, async (c) => {
  const row = await getCommentRow(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(await presentComment(c.var.services.db, row), 200);
});
commentsRouter.openapi(routes.updateCommentRoute, async (c) => {
  const scope = { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id };
  const row = await updateComment(c.var.services, scope, c.req.valid('json'));
  return c.json(await presentComment(c.var.services.db, row), 200);
});
commentsRouter.openapi(routes.deleteCommentRoute, async (c) => {
  const row = await deleteComment(c.var.services, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(await presentComment(c.var.services.db, row), 200);
});
commentsRouter.openapi(routes.retryCommentRoute, async (c) => {
  const row = await retryComment(c.var.services, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(await presentComment(c.var.services.db, row), 200);
});
