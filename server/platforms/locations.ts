import type { ActingAccount } from './actions';
import type { ConnectorEnv, Credentials } from './connector';

/*
 * A business location's profile as Google Business Profile keeps it (issue 27): the Business
 * Information API's `Location` (title, phone numbers, categories, address, website, hours, service
 * items...), its attributes, its food menus (My Business v4), its place action links (Place Actions
 * API) and its photos and videos (v4 media). Shapes are Google's own field names, which the API's
 * outline repeats, so documents pass through unchanged. The location acted on is the account's
 * selected channel (`locations/{id}`, or `accounts/{a}/locations/{id}` where the v4 APIs need the
 * account too).
 */

export type GbpDocument = Record<string, unknown>;
export type GbpLocation = GbpDocument & { name?: string };
export type GbpAttribute = { name: string; values?: unknown[]; repeatedEnumValue?: { setValues?: string[] }; uriValues?: string[] };
export type PlaceActionType = 'APPOINTMENT' | 'ONLINE_APPOINTMENT' | 'DINING_RESERVATION' | 'FOOD_ORDERING' | 'FOOD_DELIVERY' | 'FOOD_TAKEOUT' | 'SHOP_ONLINE';
export type PlaceActionLink = {
  name?: string;
  uri?: string;
  placeActionType?: PlaceActionType;
  isPreferred?: boolean;
  providerType?: string;
  isEditable?: boolean;
};
export type MediaCategory =
  | 'CATEGORY_UNSPECIFIED'
  | 'COVER'
  | 'PROFILE'
  | 'LOGO'
  | 'EXTERIOR'
  | 'INTERIOR'
  | 'PRODUCT'
  | 'AT_WORK'
  | 'FOOD_AND_DRINK'
  | 'MENU'
  | 'COMMON_AREA'
  | 'ROOMS'
  | 'TEAMS'
  | 'ADDITIONAL';
export type GbpMediaItem = {
  name?: string;
  googleUrl?: string;
  mediaFormat?: 'PHOTO' | 'VIDEO';
  sourceUrl?: string;
  thumbnailUrl?: string;
  locationAssociation?: { category?: MediaCategory; priceListItemId?: string };
  description?: string;
};
export type Page = { pageSize?: number; pageToken?: string };

type Call<I, O> = (env: ConnectorEnv, credentials: Credentials, account: ActingAccount, input: I) => Promise<O>;

export type LocationsCapability = {
  /** `readMask`: the fields to read (Google requires one). */
  get: Call<{ readMask: string[] }, GbpLocation>;
  /** Changes the fields named in `updateMask` only; `validateOnly` checks without saving. */
  update: Call<{ updateMask: string[]; location: GbpLocation; validateOnly: boolean }, GbpLocation>;
  getAttributes: Call<Record<string, never>, { name: string; attributes: GbpAttribute[] }>;
  /** `attributeMask`: the attribute names to set; one named but absent from `attributes` is cleared. */
  updateAttributes: Call<{ attributeMask: string[]; attributes: GbpAttribute[] }, { name: string; attributes: GbpAttribute[] }>;
  availableAttributes: Call<Page & { languageCode?: string; regionCode?: string }, { attributes: GbpDocument[]; nextPageToken?: string }>;
  availableCategories: Call<
    Page & { regionCode: string; languageCode: string; filter?: string; view: string },
    { categories: GbpDocument[]; nextPageToken?: string }
  >;
  getFoodMenus: Call<Record<string, never>, { name: string; menus: GbpDocument[] }>;
  updateFoodMenus: Call<{ menus: GbpDocument[] }, { name: string; menus: GbpDocument[] }>;
  listPlaceActionLinks: Call<Page, { placeActionLinks: PlaceActionLink[]; nextPageToken?: string }>;
  createPlaceActionLink: Call<{ link: PlaceActionLink }, PlaceActionLink>;
  updatePlaceActionLink: Call<{ name: string; link: PlaceActionLink; updateMask: string[] }, PlaceActionLink>;
  deletePlaceActionLink: Call<{ name: string }, void>;
  listMedia: Call<Page, { mediaItems: GbpMediaItem[]; nextPageToken?: string; totalMediaItemCount: number }>;
  /** Google fetches the file from `sourceUrl` (our signed public URL of the upload). */
  createMedia: Call<{ sourceUrl: string; mediaFormat: 'PHOTO' | 'VIDEO'; category: MediaCategory; description?: string }, GbpMediaItem>;
  deleteMedia: Call<{ name: string }, void>;
};
