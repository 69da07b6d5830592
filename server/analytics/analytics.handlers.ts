import { requireAccount } from '../accounts/accounts.service';
import { toSocialAccountDto } from '../accounts/account-record';
import { createRouter } from '../http/create-router';
import { loadRelations, toPostDto } from '../posts/post-dto';
import type { AppServices } from '../services';
import { accountHistory, postHistories, postHistory, toAccountItem, toPostItem, toProfilePostDto, toAccountRawItem, toPostRawItem } from './analytics-history';
import {
  accountAnalyticsRawRoute,
  accountAnalyticsRoute,
  bulkPostAnalyticsRoute,
  forceAccountAnalyticsRoute,
  forcePostAnalyticsRoute,
  postAnalyticsRawRoute,
  postAnalyticsRoute,
} from './analytics.routes';
import { assertAnalyticsPlan, ensureProfilePost, resolvePost, type PostSelector } from './analytics-targets';
import { bulkPostAnalytics } from './bulk-post-analytics';
import type { AnalyticsPlatform } from './analytics.schemas';
import { forceAccountRefresh, forcePostRefresh } from './analytics.service';

async function accountWithHistory(services: AppServices, organizationId: string, query: { teamId: string; platformType: AnalyticsPlatform }) {
  await assertAnalyticsPlan(services.db, organizationId);
  const account = await requireAccount(services.db, { organizationId, teamId: query.teamId, type: query.platformType });
  return { socialAccount: toSocialAccountDto(account), history: await accountHistory(services.db, account.id) };
}

async function postWithHistory(services: AppServices, organizationId: string, selector: PostSelector) {
  await assertAnalyticsPlan(services.db, organizationId);
  const resolved = await resolvePost(services.db, organizationId, selector);
  const post = resolved.post ? toPostDto(services.config, resolved.post, await loadRelations(services.db, [resolved.post])) : null;
  const history = resolved.profilePost ? await postHistory(services.db, resolved.profilePost.id) : [];
  return { post, ...(resolved.profilePost ? { profilePost: toProfilePostDto(resolved.profilePost) } : {}), history };
}

export const analyticsRouter = createRouter();
analyticsRouter.openapi(accountAnalyticsRoute, async (c) => {
  const { socialAccount, history } = await accountWithHistory(c.var.services, c.var.auth.organizationId, c.req.valid('query'));
  return c.json({ socialAccount, items: history.map(toAccountItem) }, 200);
});
analyticsRouter.openapi(accountAnalyticsRawRoute, async (c) => {
  const { socialAccount, history } = await accountWithHistory(c.var.services, c.var.auth.organizationId, c.req.valid('query'));
  return c.json({ socialAccount, items: history.map(toAccountRawItem) }, 200);
});
analyticsRouter.openapi(postAnalyticsRoute, async (c) => {
  const { history, ...rest } = await postWithHistory(c.var.services, c.var.auth.organizationId, c.req.valid('query'));
  return c.json({ ...rest, items: history.map(toPostItem) }, 200);
});
analyticsRouter.openapi(postAnalyticsRawRoute, async (c) => {
  const { history, ...rest } = await postWithHistory(c.var.services, c.var.auth.organizationId, c.req.valid('query'));
  return c.json({ ...rest, items: history.map(toPostRawItem) }, 200);
});
analyticsRouter.openapi(bulkPostAnalyticsRoute, async (c) => {
  const { services } = c.var;
  await assertAnalyticsPlan(services.db, c.var.auth.organizationId);
  const result = await bulkPostAnalytics(services.db, c.var.auth.organizationId, c.req.valid('query'), postHistories);
  return c.json(result, 200);
});
analyticsRouter.openapi(forceAccountAnalyticsRoute, async (c) => {
  const { services } = c.var;
  const organizationId = c.var.auth.organizationId;
  const body = c.req.valid('json');
  await assertAnalyticsPlan(services.db, organizationId);
  const account = await requireAccount(services.db, { organizationId, teamId: body.teamId, type: body.platformType });
  return c.json(toAccountItem(await forceAccountRefresh(services, account)), 200);
});
analyticsRouter.openapi(forcePostAnalyticsRoute, async (c) => {
  const { services } = c.var;
  const organizationId = c.var.auth.organizationId;
  await assertAnalyticsPlan(services.db, organizationId);
  const resolved = await resolvePost(services.db, organizationId, c.req.valid('json'));
  const profilePost = resolved.profilePost ?? (await ensureProfilePost(services.db, resolved.post!, resolved.target!));
  return c.json(toPostItem(await forcePostRefresh(services, profilePost)), 200);
});
