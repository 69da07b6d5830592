import type { GbpAttribute, GbpDocument, GbpLocation, PlaceActionLink } from '../locations';

/*
 * Google Business Profile's documented rules for location edits (Business Information API v1,
 * Place Actions API v1), checked by the sandbox world and by the GBP stand-in the live connector is
 * tested against. Each check answers Google's message for the refusal, or null.
 *
 * https://developers.google.com/my-business/reference/businessinformation/rest/v1/locations
 * https://developers.google.com/my-business/reference/placeactions/rest/v1/locations.placeActionLinks
 */

/** The `Location` fields a `readMask` may name. */
export const LOCATION_FIELDS = [
  'name',
  'languageCode',
  'storeCode',
  'title',
  'phoneNumbers',
  'categories',
  'storefrontAddress',
  'websiteUri',
  'regularHours',
  'specialHours',
  'serviceArea',
  'labels',
  'adWordsLocationExtensions',
  'latlng',
  'openInfo',
  'metadata',
  'profile',
  'relationshipData',
  'moreHours',
  'serviceItems',
] as const;

/** The fields an `updateMask` may name: `name` and `metadata` are Google's own. */
export const UPDATABLE_FIELDS: readonly string[] = LOCATION_FIELDS.filter((field) => !['name', 'metadata', 'relationshipData'].includes(field));

export const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export const PLACE_ACTION_TYPES = [
  'APPOINTMENT',
  'ONLINE_APPOINTMENT',
  'DINING_RESERVATION',
  'FOOD_ORDERING',
  'FOOD_DELIVERY',
  'FOOD_TAKEOUT',
  'SHOP_ONLINE',
] as const;

/** The attributes Google offers a café in the US (`attributes.list` for `categories/gcid:cafe`). */
export const AVAILABLE_ATTRIBUTES: GbpDocument[] = [
  attribute('has_wheelchair_accessible_entrance', 'BOOL', 'Wheelchair accessible entrance', 'Accessibility'),
  attribute('has_wheelchair_accessible_restroom', 'BOOL', 'Wheelchair accessible restroom', 'Accessibility'),
  attribute('has_outdoor_seating', 'BOOL', 'Outdoor seating', 'Amenities'),
  attribute('has_restroom', 'BOOL', 'Restroom', 'Amenities'),
  attribute('wi_fi', 'ENUM', 'Wi-Fi', 'Amenities', [
    ['free_wi_fi', 'Free Wi-Fi'],
    ['paid_wi_fi', 'Paid Wi-Fi'],
  ]),
  attribute('has_takeout', 'BOOL', 'Takeout', 'Service options'),
  attribute('has_delivery', 'BOOL', 'Delivery', 'Service options'),
  attribute('serves_vegetarian', 'BOOL', 'Vegetarian options', 'Offerings'),
  attribute('pay_credit_card_types_accepted', 'REPEATED_ENUM', 'Credit cards', 'Payments', [
    ['american_express', 'American Express'],
    ['mastercard', 'MasterCard'],
    ['visa', 'VISA'],
  ]),
  attribute('url_menu', 'URL', 'Menu link', 'Place page URLs'),
  attribute('url_order_ahead', 'URL', 'Order ahead links', 'Place page URLs'),
];

function attribute(id: string, valueType: string, displayName: string, groupDisplayName: string, values?: [string, string][]): GbpDocument {
  return {
    parent: `attributes/${id}`,
    valueType,
    displayName,
    groupDisplayName,
    isRepeatable: valueType === 'REPEATED_ENUM' || valueType === 'URL',
    ...(values ? { valueMetadata: values.map(([value, name]) => ({ value, displayName: name })) } : {}),
    isDeprecated: false,
  };
}

/** Some of Google's categories (`categories.list`, BASIC view shows `name` and `displayName`). */
export const CATEGORIES: { name: string; displayName: string }[] = [
  ['gcid:bakery', 'Bakery'],
  ['gcid:bar', 'Bar'],
  ['gcid:book_store', 'Book store'],
  ['gcid:breakfast_restaurant', 'Breakfast restaurant'],
  ['gcid:cafe', 'Cafe'],
  ['gcid:coffee_shop', 'Coffee shop'],
  ['gcid:florist', 'Florist'],
  ['gcid:hair_salon', 'Hair salon'],
  ['gcid:italian_restaurant', 'Italian restaurant'],
  ['gcid:pizza_restaurant', 'Pizza restaurant'],
  ['gcid:restaurant', 'Restaurant'],
  ['gcid:tea_house', 'Tea house'],
].map(([id, displayName]) => ({ name: `categories/${id}`, displayName: displayName! }));

type TimeOfDay = { hours?: number; minutes?: number; seconds?: number; nanos?: number };

/** Google's TimeOfDay, or the "HH:MM" string clients of the API may send; minutes since midnight. */
export function minutesOf(time: unknown): number | null {
  if (typeof time === 'string') {
    const match = /^(\d{1,2}):(\d{2})$/.exec(time);
    if (!match) return null;
    return Number(match[1]) * 60 + Number(match[2]);
  }
  if (!time || typeof time !== 'object') return 0;
  const t = time as TimeOfDay;
  return (t.hours ?? 0) * 60 + (t.minutes ?? 0);
}

/** "HH:MM" as Google's TimeOfDay: the wire shape the Business Information API takes. */
export function timeOfDay(time: unknown): TimeOfDay | undefined {
  if (typeof time !== 'string') return time as TimeOfDay | undefined;
  const minutes = minutesOf(time);
  if (minutes === null) return undefined;
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Hours arrive as Google's TimeOfDay or "HH:MM"; Google keeps TimeOfDay. */
export function normalizedHours(location: GbpLocation): GbpLocation {
  const periods = (value: unknown) =>
    Array.isArray(value)
      ? value.map((period: Record<string, unknown>) => ({ ...period, openTime: timeOfDay(period.openTime), closeTime: timeOfDay(period.closeTime) }))
      : value;
  const out = { ...location };
  if (out.regularHours && typeof out.regularHours === 'object')
    out.regularHours = { ...out.regularHours, periods: periods((out.regularHours as GbpDocument).periods) };
  if (Array.isArray(out.moreHours)) out.moreHours = out.moreHours.map((hours: GbpDocument) => ({ ...hours, periods: periods(hours.periods) }));
  if (out.specialHours && typeof out.specialHours === 'object') {
    out.specialHours = { ...out.specialHours, specialHourPeriods: periods((out.specialHours as GbpDocument).specialHourPeriods) };
  }
  return out;
}

function checkPeriods(periods: unknown, field: string): string | null {
  if (!Array.isArray(periods)) return null;
  for (const [index, raw] of periods.entries()) {
    const period = raw as { openDay?: string; closeDay?: string; openTime?: unknown; closeTime?: unknown };
    const where = `${field}.periods[${index}]`;
    if (!period.openDay || !DAYS.includes(period.openDay as (typeof DAYS)[number])) return `${where}.openDay is required`;
    if (!period.closeDay || !DAYS.includes(period.closeDay as (typeof DAYS)[number])) return `${where}.closeDay is required`;
    const open = minutesOf(period.openTime);
    const close = minutesOf(period.closeTime);
    if (open === null || close === null || open > 24 * 60 || close > 24 * 60) return `${where} has an invalid time`;
    if (period.openDay === period.closeDay && close <= open && close !== 0) return `${where}.closeTime must be after openTime`;
  }
  return null;
}

/** The refusal of an update as Google words it (`INVALID_ARGUMENT`), or null. */
export function checkLocationUpdate(updateMask: string[], location: GbpLocation): string | null {
  if (updateMask.length === 0) return 'update_mask is required';
  for (const field of updateMask) if (!UPDATABLE_FIELDS.includes(field)) return `Invalid field in update_mask: ${field}`;
  if (updateMask.includes('title') && (typeof location.title !== 'string' || location.title.trim() === '')) return 'title must not be empty';
  if (updateMask.includes('title') && typeof location.title === 'string' && location.title.length > 100) return 'title must be at most 100 characters';
  const profile = location.profile as { description?: string } | undefined;
  if (updateMask.includes('profile') && profile?.description && [...profile.description].length > 750)
    return 'profile.description must be at most 750 characters';
  if (updateMask.includes('websiteUri') && location.websiteUri && !/^https?:\/\//.test(String(location.websiteUri))) return 'websiteUri must be an http(s) URL';
  if (updateMask.includes('regularHours')) {
    const problem = checkPeriods((location.regularHours as { periods?: unknown } | undefined)?.periods, 'regularHours');
    if (problem) return problem;
  }
  if (updateMask.includes('moreHours') && Array.isArray(location.moreHours)) {
    for (const hours of location.moreHours as { hoursTypeId?: string; periods?: unknown }[]) {
      if (!hours.hoursTypeId) return 'moreHours.hoursTypeId is required';
      const problem = checkPeriods(hours.periods, 'moreHours');
      if (problem) return problem;
    }
  }
  if (updateMask.includes('specialHours')) {
    const periods = (location.specialHours as { specialHourPeriods?: { startDate?: unknown; closed?: boolean; openTime?: unknown }[] } | undefined)
      ?.specialHourPeriods;
    for (const period of periods ?? []) {
      if (!period.startDate) return 'specialHours.specialHourPeriods.startDate is required';
      if (!period.closed && period.openTime === undefined) return 'specialHours: an open special hour period needs openTime and closeTime';
    }
  }
  if (updateMask.includes('categories')) {
    const primary = (location.categories as { primaryCategory?: { name?: string } } | undefined)?.primaryCategory?.name;
    if (!primary) return 'categories.primaryCategory is required';
    if (!CATEGORIES.some((category) => category.name === primary)) return `Unknown category: ${primary}`;
  }
  return null;
}

/** Attribute values checked against their metadata (`valueType`); Google refuses unknown names. */
export function checkAttributes(attributeMask: string[], attributes: GbpAttribute[]): string | null {
  if (attributeMask.length === 0) return 'attribute_mask is required';
  for (const name of attributeMask) {
    if (!AVAILABLE_ATTRIBUTES.some((meta) => meta.parent === name)) return `Invalid attribute name: ${name}`;
  }
  for (const value of attributes) {
    const meta = AVAILABLE_ATTRIBUTES.find((candidate) => candidate.parent === value.name);
    if (!meta) return `Invalid attribute name: ${value.name}`;
    if (!attributeMask.includes(value.name)) return `Attribute ${value.name} is not in attribute_mask`;
    const type = meta.valueType;
    if (type === 'BOOL' && !(value.values?.length === 1 && typeof value.values[0] === 'boolean')) return `${value.name} takes one boolean value`;
    if (type === 'ENUM') {
      const allowed = (meta.valueMetadata as { value: string }[]).map((item) => item.value);
      if (!(value.values?.length === 1 && allowed.includes(String(value.values[0])))) return `${value.name} takes one of ${allowed.join(', ')}`;
    }
    if (type === 'REPEATED_ENUM') {
      const allowed = (meta.valueMetadata as { value: string }[]).map((item) => item.value);
      if (!value.repeatedEnumValue || (value.repeatedEnumValue.setValues ?? []).some((item) => !allowed.includes(item)))
        return `${value.name} takes repeatedEnumValue.setValues among ${allowed.join(', ')}`;
    }
    if (type === 'URL' && !(value.uriValues?.length && value.uriValues.every((uri) => /^https?:\/\//.test(uri))))
      return `${value.name} takes uriValues with http(s) URLs`;
  }
  return null;
}

/** A new or changed place action link: an https URI and a known type, one link per (uri, type). */
export function checkPlaceActionLink(link: PlaceActionLink, others: PlaceActionLink[]): string | null {
  if (!link.uri) return 'placeActionLink.uri is required';
  if (!/^https:\/\//.test(link.uri)) return 'placeActionLink.uri must be an https URL';
  if (!link.placeActionType || !PLACE_ACTION_TYPES.includes(link.placeActionType)) return 'placeActionLink.placeActionType is required';
  if (others.some((other) => other.uri === link.uri && other.placeActionType === link.placeActionType))
    return 'A place action link with this uri and placeActionType already exists';
  return null;
}

/** Only one link per type is preferred: marking one unmarks the others of its type. */
export function withPreferred(links: PlaceActionLink[], changed: PlaceActionLink): PlaceActionLink[] {
  if (!changed.isPreferred) return links;
  return links.map((link) =>
    link.name !== changed.name && link.placeActionType === changed.placeActionType && link.isPreferred ? { ...link, isPreferred: false } : link,
  );
}

/** Page tokens are opaque to callers; the offset they carry is ours. */
export function pageOf<T>(items: T[], page: { pageSize?: number; pageToken?: string }, defaultSize: number) {
  const start = page.pageToken?.startsWith('p') ? Number(page.pageToken.slice(1)) || 0 : 0;
  const size = page.pageSize ?? defaultSize;
  const slice = items.slice(start, start + size);
  const next = start + size < items.length ? `p${start + size}` : undefined;
  return { slice, nextPageToken: next };
}

/** Only the fields named, as a `readMask` answers. */
export function pick(location: GbpLocation, readMask: string[]): GbpLocation {
  return Object.fromEntries(readMask.filter((field) => field in location).map((field) => [field, location[field]]));
}
