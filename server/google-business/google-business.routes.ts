import { createRoute, type z } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import * as s from './google-business.schemas';

const tags = ['Google Business'];
const LOCATION = '/misc/google-business/location';

function read<Q extends z.AnyZodObject, R extends z.ZodTypeAny>(path: string, operationId: string, summary: string, query: Q, result: R) {
  return createRoute({
    method: 'get',
    path,
    operationId,
    summary,
    tags,
    security: apiKeySecurity,
    request: { query },
    responses: { 200: jsonResponse(result, summary), ...errorResponses(404, 502) },
  });
}

function write<B extends z.ZodTypeAny, R extends z.ZodTypeAny>(
  method: 'post' | 'patch' | 'delete',
  path: string,
  operationId: string,
  summary: string,
  body: B,
  result: R,
) {
  return createRoute({
    method,
    path,
    operationId,
    summary,
    tags,
    security: apiKeySecurity,
    request: { body: jsonBody(body) },
    responses: { 200: jsonResponse(result, summary), ...errorResponses(404, 502) },
  });
}

export const getLocationRoute = read(LOCATION, 'miscGoogleBusinessGetLocation', 'Get Google Business location profile', s.LocationQuery, s.LocationResult);
export const updateLocationRoute = write(
  'patch',
  LOCATION,
  'miscGoogleBusinessUpdateLocation',
  'Update Google Business location profile fields',
  s.UpdateLocationBody,
  s.LocationResult,
);
export const updateHoursRoute = write(
  'patch',
  `${LOCATION}/hours`,
  'miscGoogleBusinessUpdateHours',
  'Update Google Business regular/special/more hours',
  s.UpdateHoursBody,
  s.LocationResult,
);
export const getAttributesRoute = read(
  `${LOCATION}/attributes`,
  'miscGoogleBusinessGetAttributes',
  'Get Google Business location attributes',
  s.TeamQuery,
  s.AttributesResult,
);
export const updateAttributesRoute = write(
  'patch',
  `${LOCATION}/attributes`,
  'miscGoogleBusinessUpdateAttributes',
  'Update Google Business location attributes',
  s.UpdateAttributesBody,
  s.AttributesResult,
);
export const availableAttributesRoute = read(
  `${LOCATION}/attributes/available`,
  'miscGoogleBusinessListAvailableAttributes',
  'List available Google Business attributes',
  s.AvailableAttributesQuery,
  s.AvailableAttributesResult,
);
export const availableCategoriesRoute = read(
  `${LOCATION}/categories/available`,
  'miscGoogleBusinessListCategories',
  'List available Google Business categories',
  s.AvailableCategoriesQuery,
  s.AvailableCategoriesResult,
);
export const getServiceListRoute = read(
  `${LOCATION}/service-list`,
  'miscGoogleBusinessGetServiceList',
  'Get Google Business service list',
  s.TeamQuery,
  s.ServiceListResult,
);
export const updateServiceListRoute = write(
  'patch',
  `${LOCATION}/service-list`,
  'miscGoogleBusinessUpdateServiceList',
  'Update Google Business service list',
  s.UpdateServiceListBody,
  s.ServiceListResult,
);
export const getFoodMenusRoute = read(
  `${LOCATION}/food-menus`,
  'miscGoogleBusinessGetFoodMenus',
  'Get Google Business food menus',
  s.FoodMenusQuery,
  s.FoodMenusResult,
);
export const updateFoodMenusRoute = write(
  'patch',
  `${LOCATION}/food-menus`,
  'miscGoogleBusinessUpdateFoodMenus',
  'Update Google Business food menus',
  s.UpdateFoodMenusBody,
  s.FoodMenusResult,
);
const LINKS = `${LOCATION}/place-action-links`;
export const listLinksRoute = read(
  LINKS,
  'miscGoogleBusinessListPlaceActionLinks',
  'List Google Business place action links',
  s.PlaceActionLinksQuery,
  s.PlaceActionLinksResult,
);
export const createLinkRoute = write(
  'post',
  LINKS,
  'miscGoogleBusinessCreatePlaceActionLink',
  'Create Google Business place action link',
  s.CreatePlaceActionLinkBody,
  s.PlaceActionLink,
);
export const updateLinkRoute = write(
  'patch',
  LINKS,
  'miscGoogleBusinessUpdatePlaceActionLink',
  'Update Google Business place action link',
  s.UpdatePlaceActionLinkBody,
  s.PlaceActionLink,
);
export const deleteLinkRoute = write(
  'delete',
  LINKS,
  'miscGoogleBusinessDeletePlaceActionLink',
  'Delete Google Business place action link',
  s.DeletePlaceActionLinkBody,
  s.SuccessResult,
);
const MEDIA = '/misc/google-business/media';
export const createMediaRoute = write(
  'post',
  MEDIA,
  'miscGoogleBusinessAddMedia',
  'Add a media item (photo/video) using uploadId and category',
  s.CreateMediaBody,
  s.MediaItem,
);
export const listMediaRoute = read(MEDIA, 'miscGoogleBusinessListMedia', 'List Google Business media items', s.MediaQuery, s.MediaListResult);
export const deleteMediaRoute = write(
  'delete',
  MEDIA,
  'miscGoogleBusinessDeleteMedia',
  'Delete Google Business media item',
  s.DeleteMediaBody,
  s.SuccessResult,
);
