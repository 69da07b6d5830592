import { createRoute, z } from '@hono/zod-openapi';
import { ErrorSchema } from '../http/error-schema';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import {
  ByTypeQuery,
  ConnectBody,
  ConnectionCheckSchema,
  CopyBody,
  MessagingBody,
  MessagingResultSchema,
  OfferedPlatformsSchema,
  PortalBody,
  ProfileRefreshSchema,
  RefreshChannelsBody,
  SetChannelBody,
  SocialAccountSchema,
  TeamTypeBody,
  ToDeleteQuery,
  ToDeleteSchema,
  UnsetChannelBody,
  UrlSchema,
} from './accounts.schemas';

const tags = ['Social accounts'];
const security = apiKeySecurity;
const account = (description: string) => jsonResponse(SocialAccountSchema, description);
const platformError = (description: string) => ({ 502: { description, content: { 'application/json': { schema: ErrorSchema } } } });

export const connectRoute = createRoute({
  method: 'post',
  path: '/social-account/connect',
  operationId: 'connectSocialAccount',
  summary: 'Start connecting an account: returns the platform consent page to send the user to',
  description:
    'The user approves or denies at the platform and is sent to `redirectUrl` with `status=success&socialAccountId=…` ' +
    'or `status=error&error=…&error_description=…`. `withMessagingScope` is ignored until the organization is enabled for DMs. ' +
    '`reconnect` re-authorizes the INSTAGRAM account of the team in place (Instagram login only); logging in as another account fails.',
  tags,
  security,
  request: { body: jsonBody(ConnectBody) },
  responses: { 200: jsonResponse(UrlSchema, 'Where to send the user'), ...errorResponses(404) },
});

export const offeredPlatformsRoute = createRoute({
  method: 'get',
  path: '/social-account/platforms',
  operationId: 'listOfferedPlatforms',
  summary: 'The platforms a team may connect on this server, and whether live, sandbox or both',
  description: 'Live platforms are those the operator enabled with `LIVE_PLATFORMS`; with `SANDBOX=false` only they are listed.',
  tags,
  security,
  responses: { 200: jsonResponse(OfferedPlatformsSchema, 'The platforms offered'), ...errorResponses() },
});

export const createPortalLinkRoute = createRoute({
  method: 'post',
  path: '/social-account/create-portal-link',
  operationId: 'createPortalLink',
  summary: 'Create a hosted page that connects several platforms to a team',
  tags,
  security,
  request: { body: jsonBody(PortalBody) },
  responses: { 200: jsonResponse(UrlSchema, 'The portal page'), ...errorResponses(404) },
});

export const disconnectRoute = createRoute({
  method: 'delete',
  path: '/social-account/disconnect',
  operationId: 'disconnectSocialAccount',
  summary: 'Disconnect an account from a team (removed for good after 48 hours, see deleteOn)',
  tags,
  security,
  request: { body: jsonBody(TeamTypeBody) },
  responses: { 200: account('The disconnected account, with deletedAt and deleteOn'), ...errorResponses(404) },
});

export const setChannelRoute = createRoute({
  method: 'post',
  path: '/social-account/set-channel',
  operationId: 'setSocialAccountChannel',
  summary: 'Select the page, organization, channel or location the account acts as',
  tags,
  security,
  request: { body: jsonBody(SetChannelBody) },
  responses: {
    200: account('The account acting as the channel'),
    ...errorResponses(404, 409),
    ...platformError('The platform refused the channel (its token could not be read)'),
  },
});

export const unsetChannelRoute = createRoute({
  method: 'post',
  path: '/social-account/unset-channel',
  operationId: 'unsetSocialAccountChannel',
  summary: 'Clear the selected channel',
  tags,
  security,
  request: { body: jsonBody(UnsetChannelBody) },
  responses: {
    200: account('The account without a selected channel'),
    ...errorResponses(404, 409),
    ...platformError('The platform refused the request'),
  },
});

export const refreshChannelsRoute = createRoute({
  method: 'post',
  path: '/social-account/refresh-channels',
  operationId: 'refreshSocialAccountChannels',
  summary: 'Re-list the channels the account can use from the platform',
  tags,
  security,
  request: { body: jsonBody(RefreshChannelsBody) },
  responses: { 200: account('The account with fresh channels'), ...errorResponses(404), ...platformError('The platform refused the request') },
});

export const connectionCheckRoute = createRoute({
  method: 'post',
  path: '/social-account/connection-check',
  operationId: 'checkSocialAccountConnection',
  summary: 'Check now whether the platform still accepts the account (limited per account)',
  tags,
  security,
  request: { body: jsonBody(TeamTypeBody) },
  responses: { 200: jsonResponse(ConnectionCheckSchema, 'The check result and the remaining manual checks'), ...errorResponses(404) },
});

export const profileRefreshRoute = createRoute({
  method: 'post',
  path: '/social-account/profile-refresh',
  operationId: 'refreshSocialAccountProfile',
  summary: 'Re-read the profile (name, picture, channels) from the platform (limited per account)',
  tags,
  security,
  request: { body: jsonBody(TeamTypeBody) },
  responses: { 200: jsonResponse(ProfileRefreshSchema, 'The refreshed account'), ...errorResponses(404) },
});

export const byTypeRoute = createRoute({
  method: 'get',
  path: '/social-account/by-type',
  operationId: 'getSocialAccountByType',
  summary: "Get the team's account of a type",
  tags,
  security,
  request: { query: ByTypeQuery },
  responses: { 200: account('The account'), ...errorResponses(404) },
});

export const copyRoute = createRoute({
  method: 'post',
  path: '/social-account/copy',
  operationId: 'copySocialAccounts',
  summary: 'Connect accounts of one team to another team',
  tags,
  security,
  request: { body: jsonBody(CopyBody) },
  responses: { 200: jsonResponse(z.array(SocialAccountSchema), 'The new accounts of the target team'), ...errorResponses(404, 409) },
});

export const toDeleteRoute = createRoute({
  method: 'get',
  path: '/social-account/to-delete',
  operationId: 'listSocialAccountsToDelete',
  summary: 'Accounts scheduled for removal (disconnected or lost access), soonest first',
  tags,
  security,
  request: { query: ToDeleteQuery },
  responses: { 200: jsonResponse(ToDeleteSchema, 'Accounts with deleteOn set'), ...errorResponses() },
});

const messagingErrors = { ...errorResponses(404), ...platformError('The platform refused or did not confirm; the previous status is kept') };

export const enableMessagingRoute = createRoute({
  method: 'post',
  path: '/social-account/messaging/enable',
  operationId: 'enableSocialAccountMessaging',
  summary: 'Subscribe the account to DMs (idempotent)',
  description:
    '`400`: the account lacks messaging permissions (reconnect with withMessagingScope), the team has no account of the type, or no page is selected. ' +
    '`404`: the organization is not enabled for DMs. `502`: the platform refused; the previous status is kept.',
  tags,
  security,
  request: { body: jsonBody(MessagingBody) },
  responses: { 200: jsonResponse(MessagingResultSchema, 'ENABLED'), ...messagingErrors },
});

export const disableMessagingRoute = createRoute({
  method: 'post',
  path: '/social-account/messaging/disable',
  operationId: 'disableSocialAccountMessaging',
  summary: 'Stop DMs for the account',
  description: 'Processing stops at once. If the platform does not confirm, the status is DISABLE_PENDING and the call answers `502` (safe to retry).',
  tags,
  security,
  request: { body: jsonBody(MessagingBody) },
  responses: { 200: jsonResponse(MessagingResultSchema, 'DISABLED'), ...messagingErrors },
});
