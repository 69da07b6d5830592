import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { createRouter } from '../http/create-router';
import { BadRequestError } from '../http/errors';
import { LOCATION_FIELDS } from '../platforms/shared/gbp-location-rules';
import * as routes from './google-business.routes';
import { mediaSource, onLocation } from './google-business.service';

/**
 * Google's Location document is open-ended (`LocationResult` passes every field through), which
 * Hono's typed responses read as `never`; the route's schema still documents and checks it.
 */
const asLocation = (location: Record<string, unknown>) => location as never;
const scopeOf = (c: Context<AppEnv>, teamId: string) => ({ organizationId: c.var.auth.organizationId, teamId });

/** What `GET /location` reads when no `fields` are named: everything but Google's own bookkeeping. */
const DEFAULT_READ = LOCATION_FIELDS.filter((field) => field !== 'relationshipData' && field !== 'adWordsLocationExtensions');

export const googleBusinessRouter = createRouter();

googleBusinessRouter.openapi(routes.getLocationRoute, async (c) => {
  const { teamId, fields } = c.req.valid('query');
  const location = await onLocation(c.var.services, scopeOf(c, teamId), 'get', { readMask: fields ?? [...DEFAULT_READ] });
  return c.json(asLocation(location), 200);
});

googleBusinessRouter.openapi(routes.updateLocationRoute, async (c) => {
  const { teamId, validateOnly, ...location } = c.req.valid('json');
  const updateMask = Object.keys(location);
  if (updateMask.length === 0) throw new BadRequestError('Nothing to update: send at least one location field');
  return c.json(asLocation(await onLocation(c.var.services, scopeOf(c, teamId), 'update', { updateMask, location, validateOnly: validateOnly ?? false })), 200);
});

googleBusinessRouter.openapi(routes.updateHoursRoute, async (c) => {
  const { teamId, validateOnly, fields, ...hours } = c.req.valid('json');
  const location = Object.fromEntries(fields.map((field) => [field, hours[field] ?? null]));
  return c.json(
    asLocation(
      await onLocation(c.var.services, scopeOf(c, teamId), 'update', { updateMask: [...new Set(fields)], location, validateOnly: validateOnly ?? false }),
    ),
    200,
  );
});

googleBusinessRouter.openapi(routes.getAttributesRoute, async (c) => {
  const { teamId } = c.req.valid('query');
  return c.json(await onLocation(c.var.services, scopeOf(c, teamId), 'getAttributes', {}), 200);
});

googleBusinessRouter.openapi(routes.updateAttributesRoute, async (c) => {
  const { teamId, attributeMask, attributes } = c.req.valid('json');
  const list = attributes ?? [];
  // Without a mask, the attributes sent are the ones changed (Google needs the mask, so we build it).
  const mask = attributeMask
    ? attributeMask
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : list.map((attribute) => attribute.name);
  if (mask.length === 0) throw new BadRequestError('Nothing to update: send attributes or an attributeMask');
  return c.json(await onLocation(c.var.services, scopeOf(c, teamId), 'updateAttributes', { attributeMask: mask, attributes: list }), 200);
});

googleBusinessRouter.openapi(routes.availableAttributesRoute, async (c) => {
  const { teamId, ...page } = c.req.valid('query');
  return c.json(await onLocation(c.var.services, scopeOf(c, teamId), 'availableAttributes', page), 200);
});

googleBusinessRouter.openapi(routes.availableCategoriesRoute, async (c) => {
  const { teamId, ...query } = c.req.valid('query');
  return c.json(await onLocation(c.var.services, scopeOf(c, teamId), 'availableCategories', query), 200);
});

googleBusinessRouter.openapi(routes.getServiceListRoute, async (c) => {
  const { teamId } = c.req.valid('query');
  const location = await onLocation(c.var.services, scopeOf(c, teamId), 'get', { readMask: ['name', 'serviceItems'] });
  return c.json({ name: `${location.name}/serviceList`, serviceItems: (location.serviceItems as Record<string, unknown>[] | undefined) ?? [] }, 200);
});

googleBusinessRouter.openapi(routes.updateServiceListRoute, async (c) => {
  const { teamId, serviceItems } = c.req.valid('json');
  const location = await onLocation(c.var.services, scopeOf(c, teamId), 'update', {
    updateMask: ['serviceItems'],
    location: { serviceItems: serviceItems ?? [] },
    validateOnly: false,
  });
  return c.json({ name: `${location.name}/serviceList`, serviceItems: (location.serviceItems as Record<string, unknown>[] | undefined) ?? [] }, 200);
});

googleBusinessRouter.openapi(routes.getFoodMenusRoute, async (c) => {
  const { teamId, fields } = c.req.valid('query');
  const menus = await onLocation(c.var.services, scopeOf(c, teamId), 'getFoodMenus', {});
  const wanted = fields ?? ['name', 'menus'];
  return c.json({ ...(wanted.includes('name') ? { name: menus.name } : {}), ...(wanted.includes('menus') ? { menus: menus.menus } : {}) }, 200);
});

googleBusinessRouter.openapi(routes.updateFoodMenusRoute, async (c) => {
  const { teamId, menus } = c.req.valid('json');
  return c.json(await onLocation(c.var.services, scopeOf(c, teamId), 'updateFoodMenus', { menus: menus ?? [] }), 200);
});

googleBusinessRouter.openapi(routes.listLinksRoute, async (c) => {
  const { teamId, ...page } = c.req.valid('query');
  return c.json(await onLocation(c.var.services, scopeOf(c, teamId), 'listPlaceActionLinks', page), 200);
});

googleBusinessRouter.openapi(routes.createLinkRoute, async (c) => {
  const { teamId, placeActionLink } = c.req.valid('json');
  return c.json(await onLocation(c.var.services, scopeOf(c, teamId), 'createPlaceActionLink', { link: placeActionLink }), 200);
});

googleBusinessRouter.openapi(routes.updateLinkRoute, async (c) => {
  const { teamId, placeActionLink, name, fields } = c.req.valid('json');
  const result = await onLocation(c.var.services, scopeOf(c, teamId), 'updatePlaceActionLink', {
    name,
    link: placeActionLink,
    updateMask: [...new Set(fields)],
  });
  return c.json(result, 200);
});

googleBusinessRouter.openapi(routes.deleteLinkRoute, async (c) => {
  const { teamId, name } = c.req.valid('json');
  await onLocation(c.var.services, scopeOf(c, teamId), 'deletePlaceActionLink', { name });
  return c.json({ success: true }, 200);
});

googleBusinessRouter.openapi(routes.createMediaRoute, async (c) => {
  const { teamId, uploadId, category, description } = c.req.valid('json');
  const scope = scopeOf(c, teamId);
  const source = await mediaSource(c.var.services, scope, uploadId);
  return c.json(await onLocation(c.var.services, scope, 'createMedia', { ...source, category, description }), 200);
});

googleBusinessRouter.openapi(routes.listMediaRoute, async (c) => {
  const { teamId, ...page } = c.req.valid('query');
  return c.json(await onLocation(c.var.services, scopeOf(c, teamId), 'listMedia', page), 200);
});

googleBusinessRouter.openapi(routes.deleteMediaRoute, async (c) => {
  const { teamId, mediaName } = c.req.valid('json');
  await onLocation(c.var.services, scopeOf(c, teamId), 'deleteMedia', { name: mediaName });
  return c.json({ success: true }, 200);
});
