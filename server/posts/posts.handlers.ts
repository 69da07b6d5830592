import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { createRouter } from '../http/create-router';
import { getOrganization } from '../organizations/organizations.service';
import { MONTHLY_POST_LIMITS, monthlyPostsUsed } from './post-quotas';
import * as routes from './posts.routes';
import { createPost, deletePost, getPostByReferenceKey, getPostRow, listPosts, presentPost, presentPosts, retryPost, updatePost } from './posts.service';

export const postsRouter = createRouter();
postsRouter.openapi(routes.createPostRoute, async (c) => {
  const row = await createPost(c.var.services, { organizationId: c.var.auth.organizationId }, c.req.valid('json'));
  return c.json(await presentPost(c.var.services, row), 200);
});
postsRouter.openapi(routes.listPostsRoute, async (c) => {
  const { items, total } = await listPosts(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  return c.json({ items: await presentPosts(c.var.services, items), total }, 200);
});
const getByReferenceKey = async (c: Context<AppEnv>, referenceKey: string) => {
  const row = await getPostByReferenceKey(c.var.services.db, { organizationId: c.var.auth.organizationId, referenceKey });
  return c.json(await presentPost(c.var.services, row), 200);
};
postsRouter.openapi(routes.getPostByReferenceRoute, (c) => getByReferenceKey(c, c.req.valid('param').referenceKey));
postsRouter.openapi(routes.getPostByReferenceKeyRoute, (c) => getByReferenceKey(c, c.req.valid('param').referenceKey));
postsRouter.openapi(routes.getPostRoute, async (c) => {
  const row = await getPostRow(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(await presentPost(c.var.services, row), 200);
});
postsRouter.openapi(routes.updatePostRoute, async (c) => {
  const row = await updatePost(c.var.services, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }, c.req.valid('json'));
  return c.json(await presentPost(c.var.services, row), 200);
});
postsRouter.openapi(routes.deletePostRoute, async (c) => {
  const row = await deletePost(c.var.services, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(await presentPost(c.var.services, row), 200);
});
postsRouter.openapi(routes.retryPostRoute, async (c) => {
  const row = await retryPost(c.var.services, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(await presentPost(c.var.services, row), 200);
});
postsRouter.openapi(routes.postsUsageRoute, async (c) => {
  const organization = await getOrganization(c.var.services.db, c.var.auth.organizationId);
  const used = await monthlyPostsUsed(c.var.services.db, organization.id, new Date());
  const limit = MONTHLY_POST_LIMITS[organization.plan];
  return c.json({ used, limit, remaining: Math.max(0, limit - used) }, 200);
});
