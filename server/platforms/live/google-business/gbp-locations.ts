import type { GbpAttribute, GbpDocument, GbpLocation, GbpMediaItem, LocationsCapability, Page, PlaceActionLink } from '../../locations';
import { PlatformError } from '../../platform-error';
import { normalizedHours } from '../../shared/gbp-location-rules';
import { GbpApi, selectedLocation } from './gbp-api';

const pageQuery = (page: Page, extra: Record<string, string | undefined> = {}) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...extra, pageSize: page.pageSize?.toString(), pageToken: page.pageToken })) if (value) query.set(key, value);
  return query;
};

/** A name of the selected location's sub-resource (a link, a media item), or not found: names come from callers. */
function ownName(name: string, prefix: string, operation: string) {
  if (!name.startsWith(`${prefix}/`)) {
    throw new PlatformError({
      code: 'NOT_FOUND',
      message: `${name} does not belong to ${prefix}`,
      httpStatus: 404,
      meta: { platform: 'GOOGLE_BUSINESS', operation },
    });
  }
  return name;
}

/**
 * The location group over Google's APIs: Business Information v1 (the profile, hours, service
 * items, attributes, categories), My Business v4 (food menus, media) and Place Actions v1.
 */
export function gbpLocations(api: GbpApi): LocationsCapability {
  const { informationBase: info, v4Base: v4, placeActionsBase: actions } = api.config;
  const where = (channelId: string | null, operation: string) => {
    const v4Name = selectedLocation(channelId, operation);
    return { v4Name, v1Name: GbpApi.locationOf(v4Name) };
  };
  return {
    async get(_env, credentials, account, input) {
      const { v1Name } = where(account.selectedChannelId, 'locations.get');
      return api.call<GbpLocation>(credentials, { operation: 'locations.get', url: `${info}/${v1Name}?readMask=${input.readMask.join(',')}` });
    },
    async update(_env, credentials, account, input) {
      const { v1Name } = where(account.selectedChannelId, 'locations.update');
      const query = new URLSearchParams({ updateMask: input.updateMask.join(','), ...(input.validateOnly ? { validateOnly: 'true' } : {}) });
      return api.call<GbpLocation>(credentials, {
        operation: 'locations.update',
        method: 'PATCH',
        idempotent: true,
        url: `${info}/${v1Name}?${query}`,
        body: normalizedHours(input.location),
      });
    },
    async getAttributes(_env, credentials, account) {
      const { v1Name } = where(account.selectedChannelId, 'locations.getAttributes');
      const answer = await api.call<{ name: string; attributes?: GbpAttribute[] }>(credentials, {
        operation: 'locations.getAttributes',
        url: `${info}/${v1Name}/attributes`,
      });
      return { name: answer.name, attributes: answer.attributes ?? [] };
    },
    async updateAttributes(_env, credentials, account, input) {
      const { v1Name } = where(account.selectedChannelId, 'locations.updateAttributes');
      const answer = await api.call<{ name: string; attributes?: GbpAttribute[] }>(credentials, {
        operation: 'locations.updateAttributes',
        method: 'PATCH',
        idempotent: true,
        url: `${info}/${v1Name}/attributes?attributeMask=${input.attributeMask.join(',')}`,
        body: { name: `${v1Name}/attributes`, attributes: input.attributes },
      });
      return { name: answer.name, attributes: answer.attributes ?? [] };
    },
    async availableAttributes(_env, credentials, account, input) {
      const { v1Name } = where(account.selectedChannelId, 'attributes.list');
      const query = pageQuery(input, { parent: v1Name, languageCode: input.languageCode, regionCode: input.regionCode });
      const answer = await api.call<{ attributeMetadata?: GbpDocument[]; nextPageToken?: string }>(credentials, {
        operation: 'attributes.list',
        url: `${info}/attributes?${query}`,
      });
      return { attributes: answer.attributeMetadata ?? [], ...(answer.nextPageToken ? { nextPageToken: answer.nextPageToken } : {}) };
    },
    async availableCategories(_env, credentials, _account, input) {
      const query = pageQuery(input, { regionCode: input.regionCode, languageCode: input.languageCode, filter: input.filter, view: input.view });
      const answer = await api.call<{ categories?: GbpDocument[]; nextPageToken?: string }>(credentials, {
        operation: 'categories.list',
        url: `${info}/categories?${query}`,
      });
      return { categories: answer.categories ?? [], ...(answer.nextPageToken ? { nextPageToken: answer.nextPageToken } : {}) };
    },
    async getFoodMenus(_env, credentials, account) {
      const { v4Name } = where(account.selectedChannelId, 'locations.getFoodMenus');
      const answer = await api.call<{ name: string; menus?: GbpDocument[] }>(credentials, {
        operation: 'locations.getFoodMenus',
        url: `${v4}/${v4Name}/foodMenus`,
      });
      return { name: answer.name, menus: answer.menus ?? [] };
    },
    async updateFoodMenus(_env, credentials, account, input) {
      const { v4Name } = where(account.selectedChannelId, 'locations.updateFoodMenus');
      const answer = await api.call<{ name: string; menus?: GbpDocument[] }>(credentials, {
        operation: 'locations.updateFoodMenus',
        method: 'PATCH',
        idempotent: true,
        url: `${v4}/${v4Name}/foodMenus?updateMask=menus`,
        body: { name: `${v4Name}/foodMenus`, menus: input.menus },
      });
      return { name: answer.name, menus: answer.menus ?? [] };
    },
    async listPlaceActionLinks(_env, credentials, account, input) {
      const { v1Name } = where(account.selectedChannelId, 'placeActionLinks.list');
      const answer = await api.call<{ placeActionLinks?: PlaceActionLink[]; nextPageToken?: string }>(credentials, {
        operation: 'placeActionLinks.list',
        url: `${actions}/${v1Name}/placeActionLinks?${pageQuery(input)}`,
      });
      return { placeActionLinks: answer.placeActionLinks ?? [], ...(answer.nextPageToken ? { nextPageToken: answer.nextPageToken } : {}) };
    },
    async createPlaceActionLink(_env, credentials, account, input) {
      const { v1Name } = where(account.selectedChannelId, 'placeActionLinks.create');
      const { name: _ignored, ...link } = input.link;
      return api.call<PlaceActionLink>(credentials, {
        operation: 'placeActionLinks.create',
        method: 'POST',
        url: `${actions}/${v1Name}/placeActionLinks`,
        body: link,
      });
    },
    async updatePlaceActionLink(_env, credentials, account, input) {
      const { v1Name } = where(account.selectedChannelId, 'placeActionLinks.patch');
      const name = ownName(input.name, `${v1Name}/placeActionLinks`, 'placeActionLinks.patch');
      return api.call<PlaceActionLink>(credentials, {
        operation: 'placeActionLinks.patch',
        method: 'PATCH',
        idempotent: true,
        url: `${actions}/${name}?updateMask=${input.updateMask.join(',')}`,
        body: { ...input.link, name },
      });
    },
    async deletePlaceActionLink(_env, credentials, account, input) {
      const { v1Name } = where(account.selectedChannelId, 'placeActionLinks.delete');
      const name = ownName(input.name, `${v1Name}/placeActionLinks`, 'placeActionLinks.delete');
      await api.call(credentials, { operation: 'placeActionLinks.delete', method: 'DELETE', url: `${actions}/${name}` });
    },
    async listMedia(_env, credentials, account, input) {
      const { v4Name } = where(account.selectedChannelId, 'media.list');
      const answer = await api.call<{ mediaItems?: GbpMediaItem[]; nextPageToken?: string; totalMediaItemCount?: number }>(credentials, {
        operation: 'media.list',
        url: `${v4}/${v4Name}/media?${pageQuery(input)}`,
      });
      return {
        mediaItems: answer.mediaItems ?? [],
        totalMediaItemCount: answer.totalMediaItemCount ?? 0,
        ...(answer.nextPageToken ? { nextPageToken: answer.nextPageToken } : {}),
      };
    },
    async createMedia(_env, credentials, account, input) {
      const { v4Name } = where(account.selectedChannelId, 'media.create');
      return api.call<GbpMediaItem>(credentials, {
        operation: 'media.create',
        method: 'POST',
        url: `${v4}/${v4Name}/media`,
        body: {
          mediaFormat: input.mediaFormat,
          locationAssociation: { category: input.category },
          sourceUrl: input.sourceUrl,
          ...(input.description ? { description: input.description } : {}),
        },
      });
    },
    async deleteMedia(_env, credentials, account, input) {
      const { v4Name } = where(account.selectedChannelId, 'media.delete');
      const name = ownName(input.name, `${v4Name}/media`, 'media.delete');
      await api.call(credentials, { operation: 'media.delete', method: 'DELETE', url: `${v4}/${name}` });
    },
  };
}
