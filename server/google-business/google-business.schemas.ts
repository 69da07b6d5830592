import { z } from '@hono/zod-openapi';
// Google's names, shared with the sandbox world and the stand-in (browser-safe: no server imports).
import { DAYS, LOCATION_FIELDS, PLACE_ACTION_TYPES } from '../platforms/shared/gbp-location-rules';

export { PLACE_ACTION_TYPES };

/*
 * The outline's Google Business location group (`/misc/google-business/location…`, `/media`):
 * Google's own field names, so existing clients of the hosted service keep working. No server-only
 * imports: the dashboard's location page validates its forms with these schemas.
 */

const teamId = z.string().min(1).max(64);
export const MEDIA_CATEGORIES = [
  'CATEGORY_UNSPECIFIED',
  'COVER',
  'PROFILE',
  'LOGO',
  'EXTERIOR',
  'INTERIOR',
  'PRODUCT',
  'AT_WORK',
  'FOOD_AND_DRINK',
  'MENU',
  'COMMON_AREA',
  'ROOMS',
  'TEAMS',
  'ADDITIONAL',
] as const;

/** A query list: `fields=a&fields=b` or `fields=a,b`. */
const listParam = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), z.array(item));

const TimeOfDay = z.union([
  z.object({
    hours: z.number().int().min(0).max(24).optional(),
    minutes: z.number().int().min(0).max(59).optional(),
    seconds: z.number().int().min(0).max(59).optional(),
    nanos: z.number().int().min(0).max(999_999_999).optional(),
  }),
  z.string().regex(/^([01]?\d|2[0-4]):[0-5]\d$/, 'A time as HH:MM'),
]);
const GoogleDate = z.object({
  year: z.number().int().optional(),
  month: z.number().int().min(1).max(12).optional(),
  day: z.number().int().min(1).max(31).optional(),
});
export const TimePeriod = z.object({
  openDay: z.enum(DAYS).optional(),
  openTime: TimeOfDay.optional(),
  closeDay: z.enum(DAYS).optional(),
  closeTime: TimeOfDay.optional(),
});
export const RegularHours = z.object({ periods: z.array(TimePeriod).max(50).optional() }).openapi('GoogleBusinessHours');
const SpecialHours = z.object({
  specialHourPeriods: z
    .array(
      z.object({
        startDate: GoogleDate.optional(),
        endDate: GoogleDate.optional(),
        openTime: TimeOfDay.optional(),
        closeTime: TimeOfDay.optional(),
        closed: z.boolean().optional(),
      }),
    )
    .max(100)
    .optional(),
});
const MoreHours = z.array(z.object({ hoursTypeId: z.string().max(100).optional(), periods: z.array(TimePeriod).max(50).optional() })).max(20);

const LocationFields = {
  title: z.string().max(255).nullable().optional(),
  profile: z
    .object({ description: z.string().max(1500).optional() })
    .nullable()
    .optional(),
  websiteUri: z.string().url().nullable().optional(),
  phoneNumbers: z
    .object({ primaryPhone: z.string().max(40).optional(), additionalPhones: z.array(z.string().max(40)).max(2).optional() })
    .nullable()
    .optional(),
  categories: z
    .object({
      primaryCategory: z.object({ name: z.string().max(200).optional() }).optional(),
      additionalCategories: z
        .array(z.object({ name: z.string().max(200).optional() }))
        .max(9)
        .optional(),
    })
    .nullable()
    .optional(),
  storefrontAddress: z
    .object({
      regionCode: z.string().max(2).optional(),
      languageCode: z.string().max(20).optional(),
      postalCode: z.string().max(20).optional(),
      administrativeArea: z.string().max(100).optional(),
      locality: z.string().max(100).optional(),
      addressLines: z.array(z.string().max(200)).max(5).optional(),
    })
    .nullable()
    .optional(),
  regularHours: RegularHours.nullable().optional(),
  specialHours: SpecialHours.nullable().optional(),
  moreHours: MoreHours.nullable().optional(),
  openInfo: z.object({}).passthrough().nullable().optional(),
  serviceArea: z.object({}).passthrough().nullable().optional(),
  latlng: z
    .object({ latitude: z.number().min(-90).max(90).optional(), longitude: z.number().min(-180).max(180).optional() })
    .nullable()
    .optional(),
};

export const LocationResult = z.object({ name: z.string().optional() }).passthrough().openapi('GoogleBusinessLocation');

export const LocationQuery = z.object({
  teamId,
  fields: listParam(z.enum(LOCATION_FIELDS))
    .pipe(z.array(z.enum(LOCATION_FIELDS)).min(1).max(20))
    .optional(),
});
export const UpdateLocationBody = z.object({ teamId, validateOnly: z.boolean().optional(), ...LocationFields }).openapi('GoogleBusinessUpdateLocation');
export const UpdateHoursBody = z
  .object({
    teamId,
    validateOnly: z.boolean().optional(),
    fields: z
      .array(z.enum(['regularHours', 'specialHours', 'moreHours']))
      .min(1)
      .max(3),
    regularHours: LocationFields.regularHours,
    specialHours: LocationFields.specialHours,
    moreHours: LocationFields.moreHours,
  })
  .openapi('GoogleBusinessUpdateHours');

export const Attribute = z.object({
  name: z.string().min(1).max(200),
  values: z.array(z.any().nullable()).max(50).optional(),
  repeatedEnumValue: z.object({ setValues: z.array(z.string().max(200)).max(50).optional() }).optional(),
  uriValues: z.array(z.string().max(2000)).max(20).optional(),
});
export const AttributesResult = z.object({ name: z.string().optional(), attributes: z.array(Attribute).default([]) }).openapi('GoogleBusinessAttributes');
export const TeamQuery = z.object({ teamId });
export const UpdateAttributesBody = z
  .object({ teamId, attributeMask: z.string().max(5000).optional(), attributes: z.array(Attribute).max(200).nullable().optional() })
  .openapi('GoogleBusinessUpdateAttributes');
export const AvailableAttributesQuery = z.object({
  teamId,
  languageCode: z.string().max(20).optional(),
  regionCode: z.string().max(2).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
  pageToken: z.string().max(500).optional(),
});
export const AvailableAttributesResult = z
  .object({ attributes: z.array(z.object({}).passthrough()).default([]), nextPageToken: z.string().optional() })
  .openapi('GoogleBusinessAvailableAttributes');
export const AvailableCategoriesQuery = z.object({
  teamId,
  regionCode: z.string().length(2),
  languageCode: z.string().min(1).max(20),
  filter: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(50).max(50).default(50),
  pageToken: z.string().max(500).optional(),
  view: z.enum(['CATEGORY_VIEW_UNSPECIFIED', 'BASIC', 'FULL']).default('BASIC'),
});
export const AvailableCategoriesResult = z
  .object({ categories: z.array(z.object({}).passthrough()).default([]), nextPageToken: z.string().optional() })
  .openapi('GoogleBusinessAvailableCategories');

export const ServiceListResult = z
  .object({ name: z.string().optional(), serviceItems: z.array(z.object({}).passthrough()).optional() })
  .openapi('GoogleBusinessServiceList');
export const UpdateServiceListBody = z
  .object({
    teamId,
    fields: z
      .array(z.enum(['serviceItems']))
      .min(1)
      .max(1),
    serviceItems: z.array(z.object({}).passthrough()).max(500).nullable().optional(),
  })
  .openapi('GoogleBusinessUpdateServiceList');
export const FoodMenusQuery = z.object({
  teamId,
  fields: listParam(z.enum(['name', 'menus']))
    .pipe(
      z
        .array(z.enum(['name', 'menus']))
        .min(1)
        .max(2),
    )
    .optional(),
});
export const FoodMenusResult = z
  .object({ name: z.string().optional(), menus: z.array(z.object({}).passthrough()).optional() })
  .openapi('GoogleBusinessFoodMenus');
export const UpdateFoodMenusBody = z
  .object({
    teamId,
    fields: z
      .array(z.enum(['menus']))
      .min(1)
      .max(1),
    menus: z.array(z.object({}).passthrough()).max(100).nullable().optional(),
  })
  .openapi('GoogleBusinessUpdateFoodMenus');

export const PlaceActionLink = z
  .object({
    name: z.string().max(500).optional(),
    uri: z.string().url().max(2000).optional(),
    placeActionType: z.enum(PLACE_ACTION_TYPES).optional(),
    isPreferred: z.boolean().optional(),
  })
  .openapi('GoogleBusinessPlaceActionLink');
export const PlaceActionLinksQuery = z.object({
  teamId,
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  pageToken: z.string().max(500).optional(),
});
export const PlaceActionLinksResult = z
  .object({ placeActionLinks: z.array(PlaceActionLink).default([]), nextPageToken: z.string().optional() })
  .openapi('GoogleBusinessPlaceActionLinks');
export const CreatePlaceActionLinkBody = z.object({ teamId, placeActionLink: PlaceActionLink }).openapi('GoogleBusinessCreatePlaceActionLink');
export const UpdatePlaceActionLinkBody = z
  .object({
    teamId,
    placeActionLink: PlaceActionLink,
    name: z.string().min(1).max(500),
    fields: z
      .array(z.enum(['uri', 'placeActionType', 'isPreferred']))
      .min(1)
      .max(3),
  })
  .openapi('GoogleBusinessUpdatePlaceActionLink');
export const DeletePlaceActionLinkBody = z.object({ teamId, name: z.string().min(1).max(500) }).openapi('GoogleBusinessDeletePlaceActionLink');

export const MediaItem = z
  .object({
    name: z.string().optional(),
    googleUrl: z.string().url().optional(),
    mediaFormat: z.enum(['PHOTO', 'VIDEO']).optional(),
    sourceUrl: z.string().url().optional(),
    thumbnailUrl: z.string().url().optional(),
    locationAssociation: z.object({ category: z.enum(MEDIA_CATEGORIES).optional(), priceListItemId: z.string().optional() }).optional(),
    description: z.string().optional(),
  })
  .openapi('GoogleBusinessMediaItem');
export const CreateMediaBody = z
  .object({
    teamId,
    uploadId: z.string().min(1).max(64),
    category: z.enum(MEDIA_CATEGORIES).default('ADDITIONAL'),
    description: z.string().max(2000).optional(),
  })
  .openapi('GoogleBusinessCreateMedia');
export const MediaQuery = z.object({ teamId, pageSize: z.coerce.number().int().min(1).max(250).optional(), pageToken: z.string().max(500).optional() });
export const MediaListResult = z
  .object({ mediaItems: z.array(MediaItem).default([]), nextPageToken: z.string().optional(), totalMediaItemCount: z.number().optional() })
  .openapi('GoogleBusinessMediaList');
export const DeleteMediaBody = z.object({ teamId, mediaName: z.string().min(1).max(500) }).openapi('GoogleBusinessDeleteMedia');
export const SuccessResult = z.object({ success: z.boolean() });
