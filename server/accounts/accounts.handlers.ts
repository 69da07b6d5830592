import { createRouter } from '../http/create-router';
import { toSocialAccountDto } from './account-record';
import * as routes from './accounts.routes';
import { copyAccounts, disconnectAccount, listAccountsToDelete, requireAccount } from './accounts.service';
import { clearChannel, selectChannel } from './channel-selection.service';
import { startConnect } from './connect.service';
import { connectionCheck, profileRefresh, refreshChannels } from './connection.service';
import { disableMessaging, enableMessaging, toMessagingResult } from './messaging.service';
import { createPortal } from './portal.service';
import { dmsEnabled } from '../inbox/dms-enabled';
import { modesOffered } from '../platforms/connectors';
import { publicUrlReach } from '../health/public-url-reach';
import { SOCIAL_ACCOUNT_TYPES } from '../platforms/platform-types';

const router = createRouter();
// Messaging is a DM endpoint: an organization without DMs gets 404 before its body is validated.
router.use('/social-account/messaging/*', dmsEnabled);

export const accountsRouter = router;
router.openapi(routes.connectRoute, async (c) => {
  const body = c.req.valid('json');
  const { url } = await startConnect(c.var.services, { ...body, organizationId: c.var.auth.organizationId });
  return c.json({ url }, 200);
});
router.openapi(routes.offeredPlatformsRoute, async (c) => {
  const platforms = SOCIAL_ACCOUNT_TYPES.map((type) => ({ type, modes: modesOffered(type, c.var.services.config) })).filter(
    (platform) => platform.modes.length > 0,
  );
  const reach = await publicUrlReach(c.var.services.config);
  return c.json({ platforms, mediaFetchWarning: reach?.problem ?? null }, 200);
});
router.openapi(routes.createPortalLinkRoute, async (c) => {
  const { teamId, socialAccountTypes, redirectUrl, withMessagingScope, expiresIn, maxSocialAccountsConnected, ...settings } = c.req.valid('json');
  const { url } = await createPortal(c.var.services, {
    organizationId: c.var.auth.organizationId,
    teamId,
    socialAccountTypes,
    redirectUrl,
    withMessagingScope,
    expiresIn,
    maxSocialAccountsConnected,
    settings,
  });
  return c.json({ url }, 200);
});
router.openapi(routes.disconnectRoute, async (c) => {
  const row = await disconnectAccount(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(toSocialAccountDto(row), 200);
});
router.openapi(routes.setChannelRoute, async (c) => {
  const row = await selectChannel(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(toSocialAccountDto(row), 200);
});
router.openapi(routes.unsetChannelRoute, async (c) => {
  const row = await clearChannel(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(toSocialAccountDto(row), 200);
});
router.openapi(routes.refreshChannelsRoute, async (c) => {
  const row = await refreshChannels(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(toSocialAccountDto(row), 200);
});
router.openapi(routes.connectionCheckRoute, async (c) => {
  const result = await connectionCheck(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(result, 200);
});
router.openapi(routes.profileRefreshRoute, async (c) => {
  const result = await profileRefresh(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json({ ...result, socialAccount: toSocialAccountDto(result.socialAccount) }, 200);
});
router.openapi(routes.byTypeRoute, async (c) => {
  const row = await requireAccount(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  return c.json(toSocialAccountDto(row), 200);
});
router.openapi(routes.copyRoute, async (c) => {
  const body = c.req.valid('json');
  const rows = await copyAccounts(c.var.services.db, {
    organizationId: c.var.auth.organizationId,
    fromTeamId: body.fromTeamId,
    toTeamId: body.toTeamId,
    types: body.socialAccountTypes,
    resetChannel: body.resetChannel ?? false,
  });
  return c.json(rows.map(toSocialAccountDto), 200);
});
router.openapi(routes.toDeleteRoute, async (c) => {
  const result = await listAccountsToDelete(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId });
  return c.json(result, 200);
});
router.openapi(routes.enableMessagingRoute, async (c) => {
  const row = await enableMessaging(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(toMessagingResult(row), 200);
});
router.openapi(routes.disableMessagingRoute, async (c) => {
  const row = await disableMessaging(c.var.services, { ...c.req.valid('json'), organizationId: c.var.auth.organizationId });
  return c.json(toMessagingResult(row), 200);
});
