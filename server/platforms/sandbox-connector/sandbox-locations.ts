import { eq } from 'drizzle-orm';
import { randomToken } from '../../auth/secrets';
import { sandboxGbpLocations } from '../../db/schema/sandbox-google-business';
import type { ActingAccount } from '../actions';
import type { ConnectorEnv, Credentials } from '../connector';
import type { GbpAttribute, GbpDocument, GbpLocation, GbpMediaItem, LocationsCapability, PlaceActionLink } from '../locations';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import {
  AVAILABLE_ATTRIBUTES,
  CATEGORIES,
  checkAttributes,
  checkLocationUpdate,
  checkPlaceActionLink,
  LOCATION_FIELDS,
  pageOf,
  normalizedHours,
  pick,
  withPreferred,
} from '../shared/gbp-location-rules';
import type { SandboxAccess } from './sandbox-publishing';
import { listChannelsOf, type SandboxChannel } from './world';

type Row = typeof sandboxGbpLocations.$inferSelect;

/** A new location's profile: what a café owner fills in when creating it on Google. */
function initialLocation(channel: SandboxChannel): GbpLocation {
  const weekday = (day: string) => ({ openDay: day, openTime: { hours: 8 }, closeDay: day, closeTime: { hours: 18 } });
  return {
    name: channel.externalId,
    languageCode: 'en',
    storeCode: `STORE-${channel.externalId.slice(-4)}`,
    title: channel.name,
    phoneNumbers: { primaryPhone: '(555) 010-2030', additionalPhones: [] },
    categories: { primaryCategory: { name: 'categories/gcid:cafe', displayName: 'Cafe' }, additionalCategories: [] },
    storefrontAddress: {
      regionCode: 'US',
      languageCode: 'en',
      postalCode: '62701',
      administrativeArea: 'IL',
      locality: 'Springfield',
      addressLines: [channel.address ?? '1 Main Street'],
    },
    websiteUri: 'https://example.com/',
    regularHours: { periods: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map(weekday) },
    specialHours: { specialHourPeriods: [] },
    moreHours: [],
    latlng: { latitude: 39.7817, longitude: -89.6501 },
    openInfo: { status: 'OPEN', canReopen: true },
    metadata: {
      hasGoogleUpdated: false,
      canDelete: true,
      canOperateLocalPost: true,
      canModifyServiceList: true,
      canOperateHealthData: false,
      placeId: `ChIJ${channel.externalId.slice(-12)}`,
      mapsUri: `https://maps.google.com/maps?cid=${channel.externalId.split('/').pop()}`,
    },
    profile: { description: '' },
    serviceItems: [],
    labels: [],
  };
}

/** The sandbox's Google Business Profile locations: real state, Google's rules. */
export function sandboxLocations(definition: PlatformDefinition, access: SandboxAccess): LocationsCapability | null {
  if (definition.type !== 'GOOGLE_BUSINESS') return null;
  const platform = definition.type;
  const refuse = (code: 'INVALID_REQUEST' | 'NOT_FOUND', message: string, operation: string) =>
    new PlatformError({ code, message, httpStatus: code === 'NOT_FOUND' ? 404 : 400, meta: { platform, operation } });

  /** The selected location's row, made on first use; another person's location is not found. */
  async function locationOf(env: ConnectorEnv, credentials: Credentials, account: ActingAccount, operation: string): Promise<Row> {
    const { profile } = await access.authorize(env, credentials, operation);
    if (!account.selectedChannelId) throw refuse('INVALID_REQUEST', 'Select a location for this Google Business account first', operation);
    const channel = (await listChannelsOf(env.db, profile.id)).find((candidate) => candidate.externalId === account.selectedChannelId);
    if (!channel) throw refuse('NOT_FOUND', `Location ${account.selectedChannelId} is not managed by this user`, operation);
    await env.db
      .insert(sandboxGbpLocations)
      .values({ channelId: channel.id, location: initialLocation(channel) })
      .onConflictDoNothing();
    const [row] = await env.db.select().from(sandboxGbpLocations).where(eq(sandboxGbpLocations.channelId, channel.id));
    return row!;
  }

  async function save(env: ConnectorEnv, row: Row, set: Partial<Omit<Row, 'id' | 'channelId'>>) {
    await env.db
      .update(sandboxGbpLocations)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(sandboxGbpLocations.id, row.id));
  }

  const links = (row: Row) => row.placeActionLinks as PlaceActionLink[];
  const media = (row: Row) => row.media as GbpMediaItem[];

  return {
    async get(env, credentials, account, input) {
      const row = await locationOf(env, credentials, account, 'locations.get');
      const unknown = input.readMask.find((field) => !(LOCATION_FIELDS as readonly string[]).includes(field));
      if (input.readMask.length === 0) throw refuse('INVALID_REQUEST', 'read_mask is required', 'locations.get');
      if (unknown) throw refuse('INVALID_REQUEST', `Invalid field in read_mask: ${unknown}`, 'locations.get');
      return pick(row.location, input.readMask);
    },
    async update(env, credentials, account, input) {
      const operation = 'locations.update';
      const row = await locationOf(env, credentials, account, operation);
      const problem = checkLocationUpdate(input.updateMask, input.location);
      if (problem) throw refuse('INVALID_REQUEST', problem, operation);
      const changes = normalizedHours(Object.fromEntries(input.updateMask.map((field) => [field, input.location[field] ?? null])));
      const primary = (changes.categories as { primaryCategory?: { name?: string } } | undefined)?.primaryCategory?.name;
      if (primary) {
        const known = CATEGORIES.find((category) => category.name === primary)!;
        changes.categories = { ...(changes.categories as GbpDocument), primaryCategory: known };
      }
      const location = { ...row.location, ...changes };
      if (!input.validateOnly) await save(env, row, { location });
      return location;
    },
    async getAttributes(env, credentials, account) {
      const row = await locationOf(env, credentials, account, 'locations.getAttributes');
      return { name: `${row.location.name}/attributes`, attributes: row.attributes as GbpAttribute[] };
    },
    async updateAttributes(env, credentials, account, input) {
      const operation = 'locations.updateAttributes';
      const row = await locationOf(env, credentials, account, operation);
      const problem = checkAttributes(input.attributeMask, input.attributes);
      if (problem) throw refuse('INVALID_REQUEST', problem, operation);
      const kept = (row.attributes as GbpAttribute[]).filter((attribute) => !input.attributeMask.includes(attribute.name));
      const attributes = [...kept, ...input.attributes].sort((a, b) => a.name.localeCompare(b.name));
      await save(env, row, { attributes });
      return { name: `${row.location.name}/attributes`, attributes };
    },
    async availableAttributes(env, credentials, account, input) {
      await locationOf(env, credentials, account, 'locations.availableAttributes');
      const { slice, nextPageToken } = pageOf(AVAILABLE_ATTRIBUTES, input, 200);
      return { attributes: slice, ...(nextPageToken ? { nextPageToken } : {}) };
    },
    async availableCategories(env, credentials, account, input) {
      await access.authorize(env, credentials, 'locations.availableCategories');
      void account;
      const filter = input.filter?.match(/displayName\s*=\s*"?([^"]*)"?/i)?.[1]?.toLowerCase();
      const matching = filter ? CATEGORIES.filter((category) => category.displayName.toLowerCase().includes(filter)) : CATEGORIES;
      const { slice, nextPageToken } = pageOf(matching, input, 50);
      const categories = input.view === 'FULL' ? slice.map((category) => ({ ...category, serviceTypes: [], moreHoursTypes: [] })) : slice;
      return { categories, ...(nextPageToken ? { nextPageToken } : {}) };
    },
    async getFoodMenus(env, credentials, account) {
      const row = await locationOf(env, credentials, account, 'locations.getFoodMenus');
      return { name: `${row.location.name}/foodMenus`, menus: row.foodMenus };
    },
    async updateFoodMenus(env, credentials, account, input) {
      const operation = 'locations.updateFoodMenus';
      const row = await locationOf(env, credentials, account, operation);
      for (const menu of input.menus) {
        const labels = menu.labels as { displayName?: string }[] | undefined;
        if (!labels?.length || !labels[0]?.displayName) throw refuse('INVALID_REQUEST', 'Each food menu needs labels with a displayName', operation);
      }
      await save(env, row, { foodMenus: input.menus });
      return { name: `${row.location.name}/foodMenus`, menus: input.menus };
    },
    async listPlaceActionLinks(env, credentials, account, input) {
      const row = await locationOf(env, credentials, account, 'placeActionLinks.list');
      const { slice, nextPageToken } = pageOf(links(row), input, 100);
      return { placeActionLinks: slice, ...(nextPageToken ? { nextPageToken } : {}) };
    },
    async createPlaceActionLink(env, credentials, account, input) {
      const operation = 'placeActionLinks.create';
      const row = await locationOf(env, credentials, account, operation);
      const problem = checkPlaceActionLink(input.link, links(row));
      if (problem) throw refuse('INVALID_REQUEST', problem, operation);
      const link: PlaceActionLink = {
        name: `${row.location.name}/placeActionLinks/${randomToken(8)}`,
        uri: input.link.uri,
        placeActionType: input.link.placeActionType,
        isPreferred: input.link.isPreferred ?? false,
        providerType: 'MERCHANT',
        isEditable: true,
      };
      await save(env, row, { placeActionLinks: [...withPreferred(links(row), link), link] });
      return link;
    },
    async updatePlaceActionLink(env, credentials, account, input) {
      const operation = 'placeActionLinks.patch';
      const row = await locationOf(env, credentials, account, operation);
      const current = links(row).find((link) => link.name === input.name);
      if (!current) throw refuse('NOT_FOUND', `Place action link ${input.name} not found`, operation);
      const changed: PlaceActionLink = { ...current };
      for (const field of input.updateMask) Object.assign(changed, { [field]: input.link[field as keyof PlaceActionLink] });
      const problem = checkPlaceActionLink(
        changed,
        links(row).filter((link) => link.name !== input.name),
      );
      if (problem) throw refuse('INVALID_REQUEST', problem, operation);
      await save(env, row, { placeActionLinks: withPreferred(links(row), changed).map((link) => (link.name === input.name ? changed : link)) });
      return changed;
    },
    async deletePlaceActionLink(env, credentials, account, input) {
      const operation = 'placeActionLinks.delete';
      const row = await locationOf(env, credentials, account, operation);
      if (!links(row).some((link) => link.name === input.name)) throw refuse('NOT_FOUND', `Place action link ${input.name} not found`, operation);
      await save(env, row, { placeActionLinks: links(row).filter((link) => link.name !== input.name) });
    },
    async listMedia(env, credentials, account, input) {
      const row = await locationOf(env, credentials, account, 'media.list');
      const { slice, nextPageToken } = pageOf(media(row), input, 100);
      return { mediaItems: slice, totalMediaItemCount: media(row).length, ...(nextPageToken ? { nextPageToken } : {}) };
    },
    async createMedia(env, credentials, account, input) {
      const operation = 'media.create';
      const row = await locationOf(env, credentials, account, operation);
      if (input.description && input.description.length > 2000) throw refuse('INVALID_REQUEST', 'description must be at most 2000 characters', operation);
      const id = randomToken(12);
      const item: GbpMediaItem = {
        name: `accounts/sandbox/${row.location.name}/media/${id}`,
        mediaFormat: input.mediaFormat,
        sourceUrl: input.sourceUrl,
        googleUrl: `https://lh3.googleusercontent.com/p/${id}`,
        thumbnailUrl: `https://lh3.googleusercontent.com/p/${id}=s250`,
        locationAssociation: { category: input.category },
        ...(input.description ? { description: input.description } : {}),
      };
      await save(env, row, { media: [item, ...media(row)] });
      return item;
    },
    async deleteMedia(env, credentials, account, input) {
      const operation = 'media.delete';
      const row = await locationOf(env, credentials, account, operation);
      if (!media(row).some((item) => item.name === input.name)) throw refuse('NOT_FOUND', `Media item ${input.name} not found`, operation);
      await save(env, row, { media: media(row).filter((item) => item.name !== input.name) });
    },
  };
}
