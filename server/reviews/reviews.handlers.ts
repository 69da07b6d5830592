import { createRouter } from '../http/create-router';
import { toRecommendationDto, toRecommendationImportDto, toReviewDto, toReviewImportDto } from './review-dto';
import { getReviewImport, listReviewImports, startReviewImport } from './review-imports.service';
import { createReplyTemplate, deleteReplyTemplate, listReplyTemplates, type ReplyTemplateRow } from './reply-templates.service';
import * as routes from './reviews.routes';
import {
  deleteReviewReply,
  getReview,
  listRecommendationComments,
  listReviews,
  replyToRecommendationComment,
  replyToReview,
  reviewStats,
  searchKeywords,
} from './reviews.service';

const GOOGLE = 'GOOGLE_BUSINESS' as const;
const FACEBOOK = 'FACEBOOK' as const;

export const reviewsRouter = createRouter();
reviewsRouter.openapi(routes.startReviewImportRoute, async (c) => {
  const row = await startReviewImport(c.var.services, { organizationId: c.var.auth.organizationId, platform: GOOGLE }, c.req.valid('json'));
  return c.json(toReviewImportDto(row), 201);
});
reviewsRouter.openapi(routes.listReviewImportsRoute, async (c) => {
  const rows = await listReviewImports(c.var.services.db, { organizationId: c.var.auth.organizationId, platform: GOOGLE, ...c.req.valid('query') });
  return c.json({ imports: rows.map(toReviewImportDto) }, 200);
});
reviewsRouter.openapi(routes.getReviewImportRoute, async (c) => {
  const row = await getReviewImport(c.var.services.db, { organizationId: c.var.auth.organizationId, platform: GOOGLE, id: c.req.valid('param').importId });
  return c.json(toReviewImportDto(row), 200);
});
reviewsRouter.openapi(routes.listReviewsRoute, async (c) => {
  const { rows, ...rest } = await listReviews(c.var.services.db, { organizationId: c.var.auth.organizationId, platform: GOOGLE }, c.req.valid('query'));
  return c.json({ reviews: rows.map(toReviewDto), ...rest }, 200);
});
reviewsRouter.openapi(routes.searchKeywordsRoute, async (c) =>
  c.json(await searchKeywords(c.var.services, { organizationId: c.var.auth.organizationId }, c.req.valid('query')), 200),
);
reviewsRouter.openapi(routes.getReviewRoute, async (c) => {
  const scope = { organizationId: c.var.auth.organizationId, platform: GOOGLE, teamId: c.req.valid('query').teamId, id: c.req.valid('param').reviewId };
  return c.json(toReviewDto(await getReview(c.var.services, scope)), 200);
});
reviewsRouter.openapi(routes.replyToReviewRoute, async (c) => {
  const body = c.req.valid('json');
  const scope = {
    organizationId: c.var.auth.organizationId,
    platform: GOOGLE,
    teamId: body.teamId,
    id: c.req.valid('param').reviewId,
    comment: body.comment,
  };
  return c.json(toReviewDto(await replyToReview(c.var.services, scope)), 200);
});
reviewsRouter.openapi(routes.deleteReviewReplyRoute, async (c) => {
  const scope = { organizationId: c.var.auth.organizationId, platform: GOOGLE, teamId: c.req.valid('json').teamId, id: c.req.valid('param').reviewId };
  return c.json(toReviewDto(await deleteReviewReply(c.var.services, scope)), 200);
});
reviewsRouter.openapi(routes.getReviewStatsRoute, async (c) =>
  c.json(await reviewStats(c.var.services.db, { organizationId: c.var.auth.organizationId }, c.req.valid('query')), 200),
);
const toTemplateDto = (row: ReplyTemplateRow) => ({
  id: row.id,
  teamId: row.teamId,
  name: row.name,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
reviewsRouter.openapi(routes.listReplyTemplatesRoute, async (c) => {
  const rows = await listReplyTemplates(c.var.services.db, { organizationId: c.var.auth.organizationId, teamId: c.req.valid('query').teamId });
  return c.json({ items: rows.map(toTemplateDto), total: rows.length }, 200);
});
reviewsRouter.openapi(routes.createReplyTemplateRoute, async (c) => {
  const row = await createReplyTemplate(c.var.services.db, { organizationId: c.var.auth.organizationId }, c.req.valid('json'));
  return c.json(toTemplateDto(row), 201);
});
reviewsRouter.openapi(routes.deleteReplyTemplateRoute, async (c) => {
  const row = await deleteReplyTemplate(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').templateId });
  return c.json(toTemplateDto(row), 200);
});
reviewsRouter.openapi(routes.startRecommendationImportRoute, async (c) => {
  const row = await startReviewImport(c.var.services, { organizationId: c.var.auth.organizationId, platform: FACEBOOK }, c.req.valid('json'));
  return c.json(toRecommendationImportDto(row), 201);
});
reviewsRouter.openapi(routes.listRecommendationImportsRoute, async (c) => {
  const rows = await listReviewImports(c.var.services.db, { organizationId: c.var.auth.organizationId, platform: FACEBOOK, ...c.req.valid('query') });
  return c.json({ imports: rows.map(toRecommendationImportDto) }, 200);
});
reviewsRouter.openapi(routes.getRecommendationImportRoute, async (c) => {
  const row = await getReviewImport(c.var.services.db, { organizationId: c.var.auth.organizationId, platform: FACEBOOK, id: c.req.valid('param').importId });
  return c.json(toRecommendationImportDto(row), 200);
});
reviewsRouter.openapi(routes.listRecommendationsRoute, async (c) => {
  const { rows, ...rest } = await listReviews(c.var.services.db, { organizationId: c.var.auth.organizationId, platform: FACEBOOK }, c.req.valid('query'));
  return c.json({ recommendations: rows.map(toRecommendationDto), ...rest }, 200);
});
reviewsRouter.openapi(routes.getRecommendationRoute, async (c) => {
  const scope = {
    organizationId: c.var.auth.organizationId,
    platform: FACEBOOK,
    teamId: c.req.valid('query').teamId,
    id: c.req.valid('param').recommendationId,
  };
  return c.json(toRecommendationDto(await getReview(c.var.services, scope)), 200);
});
reviewsRouter.openapi(routes.listRecommendationCommentsRoute, async (c) => {
  const scope = { organizationId: c.var.auth.organizationId, teamId: c.req.valid('query').teamId, id: c.req.valid('param').recommendationId };
  return c.json(await listRecommendationComments(c.var.services, scope), 200);
});
reviewsRouter.openapi(routes.replyToRecommendationRoute, async (c) => {
  const body = c.req.valid('json');
  const scope = {
    organizationId: c.var.auth.organizationId,
    platform: FACEBOOK,
    teamId: body.teamId,
    id: c.req.valid('param').recommendationId,
    comment: body.comment,
  };
  return c.json(toRecommendationDto(await replyToReview(c.var.services, scope)), 200);
});
reviewsRouter.openapi(routes.replyToRecommendationCommentRoute, async (c) => {
  const body = c.req.valid('json');
  const params = c.req.valid('param');
  const scope = {
    organizationId: c.var.auth.organizationId,
    teamId: body.teamId,
    id: params.recommendationId,
    commentId: params.commentId,
    comment: body.comment,
  };
  return c.json(await replyToRecommendationComment(c.var.services, scope), 200);
});
