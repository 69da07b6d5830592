import type { ApiSchema } from '@/lib/api-client';

/*
 * Google's own shapes, as the location routes pass them through (decision 093). The OpenAPI
 * document keeps them open (`passthrough`), so the fields the page reads are named here.
 */

export type TimeOfDay = { hours?: number; minutes?: number };
export type GoogleDate = { year?: number; month?: number; day?: number };
export type TimePeriod = { openDay?: string; openTime?: TimeOfDay | string; closeDay?: string; closeTime?: TimeOfDay | string };
export type SpecialHourPeriod = {
  startDate?: GoogleDate;
  endDate?: GoogleDate;
  openTime?: TimeOfDay | string;
  closeTime?: TimeOfDay | string;
  closed?: boolean;
};

export type GbpLocation = {
  name?: string;
  title?: string;
  storeCode?: string;
  websiteUri?: string;
  phoneNumbers?: { primaryPhone?: string; additionalPhones?: string[] };
  categories?: { primaryCategory?: { name?: string; displayName?: string }; additionalCategories?: { name?: string; displayName?: string }[] };
  storefrontAddress?: { regionCode?: string; postalCode?: string; administrativeArea?: string; locality?: string; addressLines?: string[] };
  regularHours?: { periods?: TimePeriod[] };
  specialHours?: { specialHourPeriods?: SpecialHourPeriod[] };
  openInfo?: { status?: string };
  metadata?: { mapsUri?: string };
};

export type HoursUpdate = { regularHours: { periods: TimePeriod[] }; specialHours: { specialHourPeriods: SpecialHourPeriod[] } };

export type AttributeMeta = {
  parent: string;
  valueType: 'BOOL' | 'ENUM' | 'REPEATED_ENUM' | 'URL' | string;
  displayName?: string;
  groupDisplayName?: string;
  isRepeatable?: boolean;
  isDeprecated?: boolean;
  valueMetadata?: { value: string; displayName?: string }[];
};

export type GbpAttribute = { name: string; values?: unknown[]; repeatedEnumValue?: { setValues?: string[] }; uriValues?: string[] };

export type PlaceActionLink = ApiSchema<'GoogleBusinessPlaceActionLink'>;
export type PlaceActionLinkInput = Required<Pick<PlaceActionLink, 'uri' | 'placeActionType'>> & { isPreferred: boolean };
