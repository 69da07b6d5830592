import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context';
import type { AppServices } from './services';
import { apiKeysRouter } from './api-keys/api-keys.handlers';
import { authRouter, signedInSessionRouter } from './auth/auth.handlers';
import { authenticate, identifyAndCount } from './auth/authenticate';
import { docsRouter } from './docs/docs.routes';
import { healthRouter } from './health/health.routes';
import { probesRouter } from './health/probes';
import { compressAnswers } from './http/compression';
import { createRouter } from './http/create-router';
import { onError, onNotFound } from './http/on-error';
import { requestBasics } from './http/request-basics';
import { organizationsRouter } from './organizations/organizations.handlers';
import { teamsRouter } from './teams/teams.handlers';
import { uploadsPublicRouter } from './uploads/uploads-public.handlers';
import { multipartPublicRouter, multipartRouter } from './uploads/multipart.handlers';
import { uploadsRouter } from './uploads/uploads.handlers';
import { uploadUsageRouter } from './uploads/uploads-usage.routes';
import { accountsRouter } from './accounts/accounts.handlers';
import { sandboxRouter } from './sandbox-platform/sandbox.handlers';
import { sandboxReviewsRouter } from './sandbox-platform/sandbox-reviews.handlers';
import { sandboxMessengerRouter } from './sandbox-platform/sandbox-messenger.handlers';
import { portalPagesRouter, sandboxPagesRouter } from './sandbox-platform/pages/pages.routes';
import { liveConnectPagesRouter } from './accounts/live-connect/live-connect.routes';
import { blueskyClientRouter } from './accounts/live-connect/bluesky-client.routes';
import { metaWebhookRouter } from './ingest/meta-webhook.routes';
import { googleBusinessWebhookRouter } from './ingest/google-business-webhook.routes';
import { usageRouter } from './usage/usage.handlers';
import { liveRouter } from './live/live.handlers';
import { startRelayWaker } from './webhooks/relay/relay-on-commit';
import { webhooksRouter } from './webhooks/webhooks.handlers';
import { postsRouter } from './posts/posts.handlers';
import { reconnectRouter } from './posts/reconnect.handlers';
import { postDraftsRouter } from './posts/post-drafts.handlers';
import { postCsvImportRouter } from './post-csv-import/post-csv-import.handlers';
import { platformActionsRouter } from './platform-actions/platform-actions.handlers';
import { lookupsRouter } from './platform-actions/lookups.handlers';
import { extrasRouter } from './platform-actions/extras.handlers';
import { youtubePlaylistsRouter } from './platform-actions/youtube-playlists.handlers';
import { tiktokLookupsRouter } from './platform-actions/tiktok.handlers';
import { googleBusinessRouter } from './google-business/google-business.handlers';
import { analyticsRouter } from './analytics/analytics.handlers';
import { billingRouter } from './billing/billing.handlers';
import { commentsRouter } from './comments/comments.handlers';
import { commentImportsRouter } from './comments/comment-imports.handlers';
import { reviewsRouter } from './reviews/reviews.handlers';
import { postHistoryRouter } from './post-history/post-history.handlers';
import { inboxRouter } from './inbox/inbox.handlers';
import { automationsRouter } from './automations/automations.handlers';
import { providerSettingsRouter } from './automations/provider-settings.handlers';
import { spaRouter } from './web/spa';

export const API_PREFIX = '/api/v1';

export function createApp(services: AppServices, options: { serveDashboard?: boolean; dashboardDir?: string } = {}) {
  // Non-strict: the outline writes paths with a trailing slash (`/api/v1/team/`); both forms work.
  const app = new OpenAPIHono<AppEnv>({ strict: false });
  app.onError(onError);
  app.notFound(onNotFound);
  app.use('*', requestBasics(services));
  // JSON answers, the API reference and the dashboard's page, above a kilobyte (never the event stream).
  app.use('*', compressAnswers());

  // Liveness and readiness for load balancers and orchestrators (server/health/probes.ts).
  app.route('/', probesRouter(services));
  // Public by design: the signed one-time PUT URL of the three-step upload and the unguessable
  // media URLs (platforms fetch them without credentials).
  app.route('/', uploadsPublicRouter);
  app.route('/', multipartPublicRouter);

  const api = createRouter();
  // Credentials are verified before counting, so only a verified caller gets a budget of its own.
  api.use('*', identifyAndCount);
  // Public routes first; everything registered after `authenticate` needs credentials.
  // (Idempotency-Key is handled per POST route, after its own checks: see createRouter.)
  api.route('/', authRouter);
  api.get('/openapi.json', (c) => c.json(openApiDocument()));
  api.use('*', authenticate);
  api.route('/', signedInSessionRouter);
  api.route('/', healthRouter);
  api.route('/', organizationsRouter);
  api.route('/', teamsRouter);
  api.route('/', apiKeysRouter);
  api.route('/', uploadsRouter);
  api.route('/', multipartRouter);
  // Before the posts router: `/post/export.csv` is not a post id.
  api.route('/', postCsvImportRouter);
  api.route('/', postDraftsRouter);
  api.route('/', reconnectRouter);
  api.route('/', postsRouter);
  api.route('/', platformActionsRouter);
  api.route('/', lookupsRouter);
  api.route('/', extrasRouter);
  api.route('/', youtubePlaylistsRouter);
  api.route('/', tiktokLookupsRouter);
  api.route('/', googleBusinessRouter);
  api.route('/', commentImportsRouter);
  api.route('/', commentsRouter);
  api.route('/', reviewsRouter);
  api.route('/', postHistoryRouter);
  api.route('/', inboxRouter);
  api.route('/', automationsRouter);
  api.route('/', providerSettingsRouter);
  api.route('/', uploadUsageRouter);
  api.route('/', accountsRouter);
  api.route('/', usageRouter);
  api.route('/', analyticsRouter);
  api.route('/', billingRouter);
  // The sandbox control API exists only while the sandbox is on (SANDBOX=false removes it).
  if (services.config.SANDBOX) api.route('/', sandboxRouter).route('/', sandboxReviewsRouter).route('/', sandboxMessengerRouter);
  api.route('/', webhooksRouter);
  api.route('/', liveRouter);
  app.route(API_PREFIX, api);
  // One LISTEN per process feeds the dashboard streams and wakes the webhook relay on commit.
  startRelayWaker(services);
  void services.live.ready();

  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'x-api-key' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'sd_session',
    description: 'Dashboard session (`__Host-sd_session` when the server is reached over https); changes also need the x-csrf-token header',
  });
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  // Built on first request, once every router is registered, then kept.
  const openApiDocument = () =>
    (document ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'SocialDesk API',
        version: '1.0.0',
        description:
          'Teams, social accounts, uploads, posts, comments, inbox, automations and webhooks. ' +
          'Authenticate with the `x-api-key` header. Errors are `{ statusCode, message, issues? }`.',
      },
      servers: [{ url: services.config.publicUrl }],
    }));
  app.route('/docs', docsRouter);
  // Public pages authorized by the unguessable token in their URL: the sandbox platform's consent
  // screens and avatars, and the hosted connect portal.
  if (services.config.SANDBOX) app.route('/', sandboxPagesRouter());
  app.route('/', portalPagesRouter());
  app.route('/', liveConnectPagesRouter());
  // Platforms' signed webhooks (verified against the raw body before parsing, decision 075).
  app.route('/', metaWebhookRouter());
  app.route('/', googleBusinessWebhookRouter());
  // Public documents: our atproto OAuth client metadata and its keys (decision 065).
  app.route('/', blueskyClientRouter());

  if (options.serveDashboard ?? true) app.route('/', spaRouter(options.dashboardDir));
  return app;
}

export type App = ReturnType<typeof createApp>;
