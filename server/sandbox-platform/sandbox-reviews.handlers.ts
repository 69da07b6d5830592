import { createRouter } from '../http/create-router';
import type { SandboxReview } from '../platforms/sandbox-connector/review-world';
import * as routes from './sandbox-reviews.routes';
import { addSandboxReviews, commentOnSandboxRecommendation, listSandboxReviews } from './sandbox-reviews.service';

function toDto(row: SandboxReview) {
  return {
    id: row.id,
    externalId: row.externalId,
    reviewerName: row.reviewerName,
    rating: row.rating,
    recommendationValue: row.recommendationValue,
    comment: row.comment,
    replyComment: row.replyComment,
    replyState: row.replyState,
    replyPolicyViolation: row.replyPolicyViolation,
    thread: row.thread.map(({ id, parentId, authorName, text, owner }) => ({ id, parentId, authorName, text, owner })),
    createTime: row.createTime.toISOString(),
    updateTime: row.updateTime.toISOString(),
  };
}

/** Sandbox control of business-listing reviews; mounted with the rest of the sandbox API. */
export const sandboxReviewsRouter = createRouter();
sandboxReviewsRouter.openapi(routes.addSandboxReviewsRoute, async (c) => {
  const rows = await addSandboxReviews(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json({ items: rows.map(toDto), total: rows.length }, 200);
});
sandboxReviewsRouter.openapi(routes.listSandboxReviewsRoute, async (c) => {
  const { items, total } = await listSandboxReviews(c.var.services, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  return c.json({ items: items.map(toDto), total }, 200);
});
sandboxReviewsRouter.openapi(routes.commentOnRecommendationRoute, async (c) => {
  const entry = await commentOnSandboxRecommendation(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json({ id: entry.id }, 200);
});
