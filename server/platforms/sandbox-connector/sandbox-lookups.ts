import { and, count, eq, isNull } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client';
import { sandboxChannels, sandboxItems, sandboxProfiles } from '../../db/schema/sandbox';
import type { ActionsCapability, FacebookPage, InstagramLocation, SubredditFlair, YoutubeCategory } from '../actions';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import { avatarUrl } from './avatars';
import type { SandboxAccess } from './sandbox-publishing';
import { sandboxTrendingMusic } from './sandbox-tiktok-music';
import { listChannelsOf } from './world';

/*
 * The sandbox's answers to the composer's lookups. Where the sandbox world has the thing (pages,
 * people, organizations, subreddits), the answer comes from it; the rest is a fixed catalogue
 * (YouTube's categories and regions, places) so the same question always gets the same answer.
 */

/** A stable number from text: the same subreddit always has the same flairs and rules. */
function hashOf(text: string): number {
  return createHash('sha256').update(text.toLowerCase()).digest().readUInt32BE(0);
}

const YOUTUBE_CATEGORIES: YoutubeCategory[] = [
  ['1', 'Film & Animation'],
  ['2', 'Autos & Vehicles'],
  ['10', 'Music'],
  ['15', 'Pets & Animals'],
  ['17', 'Sports'],
  ['18', 'Short Movies'],
  ['19', 'Travel & Events'],
  ['20', 'Gaming'],
  ['21', 'Videoblogging'],
  ['22', 'People & Blogs'],
  ['23', 'Comedy'],
  ['24', 'Entertainment'],
  ['25', 'News & Politics'],
  ['26', 'Howto & Style'],
  ['27', 'Education'],
  ['28', 'Science & Technology'],
  ['29', 'Nonprofits & Activism'],
  ['30', 'Movies'],
].map(([id, title]) => ({ id: id!, title: title!, assignable: !['18', '21', '30'].includes(id!) }));

/** Regions YouTube serves (a representative set), named in English. */
export const YOUTUBE_REGION_CODES = [
  'AR',
  'AU',
  'AT',
  'BE',
  'BR',
  'CA',
  'CL',
  'CO',
  'CZ',
  'DK',
  'EG',
  'FI',
  'FR',
  'DE',
  'GR',
  'HK',
  'HU',
  'IN',
  'ID',
  'IE',
  'IL',
  'IT',
  'JP',
  'KE',
  'MY',
  'MX',
  'NL',
  'NZ',
  'NG',
  'NO',
  'PE',
  'PH',
  'PL',
  'PT',
  'RO',
  'SA',
  'SG',
  'ZA',
  'KR',
  'ES',
  'SE',
  'CH',
  'TW',
  'TH',
  'TR',
  'UA',
  'AE',
  'GB',
  'US',
  'VN',
];
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

const FLAIR_NAMES = ['Show and tell', 'Question', 'Discussion', 'Feedback wanted', 'Launch', 'Meta', 'Tutorial', 'News'];
const FLAIR_COLORS = ['#0079d3', '#ff4500', '#46d160', '#ffb000', '#7193ff', '#ea0027'];

const PLACES: Omit<InstagramLocation, 'locationId' | 'link'>[] = [
  {
    name: 'Central Park',
    location: { city: 'New York', country: 'United States', latitude: 40.7829, longitude: -73.9654, state: 'NY', street: null, zip: '10024' },
  },
  {
    name: 'Times Square',
    location: { city: 'New York', country: 'United States', latitude: 40.758, longitude: -73.9855, state: 'NY', street: 'Broadway', zip: '10036' },
  },
  {
    name: 'Golden Gate Bridge',
    location: { city: 'San Francisco', country: 'United States', latitude: 37.8199, longitude: -122.4783, state: 'CA', street: null, zip: '94129' },
  },
  {
    name: 'Eiffel Tower',
    location: { city: 'Paris', country: 'France', latitude: 48.8584, longitude: 2.2945, state: null, street: 'Champ de Mars', zip: '75007' },
  },
  {
    name: 'Louvre Museum',
    location: { city: 'Paris', country: 'France', latitude: 48.8606, longitude: 2.3376, state: null, street: 'Rue de Rivoli', zip: '75001' },
  },
  {
    name: 'Tower Bridge',
    location: { city: 'London', country: 'United Kingdom', latitude: 51.5055, longitude: -0.0754, state: null, street: 'Tower Bridge Rd', zip: 'SE1 2UP' },
  },
  {
    name: 'Camden Market',
    location: { city: 'London', country: 'United Kingdom', latitude: 51.5414, longitude: -0.1466, state: null, street: 'Camden Lock Pl', zip: 'NW1 8AF' },
  },
  {
    name: 'Brandenburg Gate',
    location: { city: 'Berlin', country: 'Germany', latitude: 52.5163, longitude: 13.3777, state: null, street: 'Pariser Platz', zip: '10117' },
  },
  {
    name: 'Old Town Square',
    location: { city: 'Warsaw', country: 'Poland', latitude: 52.2497, longitude: 21.0122, state: null, street: 'Rynek Starego Miasta', zip: '00-272' },
  },
  {
    name: 'Sagrada Família',
    location: { city: 'Barcelona', country: 'Spain', latitude: 41.4036, longitude: 2.1744, state: null, street: 'Carrer de Mallorca 401', zip: '08013' },
  },
  {
    name: 'Colosseum',
    location: { city: 'Rome', country: 'Italy', latitude: 41.8902, longitude: 12.4922, state: null, street: 'Piazza del Colosseo', zip: '00184' },
  },
  {
    name: 'Shibuya Crossing',
    location: { city: 'Tokyo', country: 'Japan', latitude: 35.6595, longitude: 139.7005, state: null, street: null, zip: '150-0043' },
  },
  {
    name: 'Sydney Opera House',
    location: { city: 'Sydney', country: 'Australia', latitude: -33.8568, longitude: 151.2153, state: 'NSW', street: 'Bennelong Point', zip: '2000' },
  },
  {
    name: 'Copacabana Beach',
    location: {
      city: 'Rio de Janeiro',
      country: 'Brazil',
      latitude: -22.9711,
      longitude: -43.1822,
      state: 'RJ',
      street: 'Avenida Atlântica',
      zip: '22070-000',
    },
  },
  {
    name: 'CN Tower',
    location: { city: 'Toronto', country: 'Canada', latitude: 43.6426, longitude: -79.3871, state: 'ON', street: '290 Bremner Blvd', zip: 'M5V 3L9' },
  },
  {
    name: 'Marina Bay Sands',
    location: { city: 'Singapore', country: 'Singapore', latitude: 1.2834, longitude: 103.8607, state: null, street: '10 Bayfront Ave', zip: '018956' },
  },
];

function placeId(name: string): string {
  return String(100_000_000_000_000 + (hashOf(`place:${name}`) % 900_000_000_000_000));
}

const matches = (query: string, ...values: (string | null | undefined)[]) => values.some((value) => value?.toLowerCase().includes(query.toLowerCase()));

/** The organization's sandbox world for one platform: profiles, or the pages/organizations they run. */
async function worldProfiles(db: Executor, organizationId: string, platform: string) {
  return db
    .select()
    .from(sandboxProfiles)
    .where(and(eq(sandboxProfiles.organizationId, organizationId), eq(sandboxProfiles.platform, platform)));
}

async function worldChannels(db: Executor, organizationId: string, platform: string) {
  return db
    .select({ channel: sandboxChannels })
    .from(sandboxChannels)
    .innerJoin(sandboxProfiles, eq(sandboxProfiles.id, sandboxChannels.profileId))
    .where(and(eq(sandboxProfiles.organizationId, organizationId), eq(sandboxProfiles.platform, platform)))
    .then((rows) => rows.map((row) => row.channel));
}

/** A Facebook Page reference as people paste it: a URL, `@handle`, a numeric id, or a name. */
function pageKeys(query: string): { id?: string; handle?: string; name: string } {
  const trimmed = query.trim();
  const url = /^(?:https?:\/\/)?(?:www\.|m\.)?facebook\.com\/(.+)$/i.exec(trimmed);
  if (url) {
    const rest = url[1]!;
    const byId = /profile\.php\?id=(\d+)/.exec(rest);
    if (byId) return { id: byId[1], name: '' };
    const segment = rest.split(/[/?#]/)[0]!;
    return /^\d+$/.test(segment) ? { id: segment, name: '' } : { handle: segment.toLowerCase(), name: '' };
  }
  if (trimmed.startsWith('@')) return { handle: trimmed.slice(1).toLowerCase(), name: '' };
  if (/^\d{5,}$/.test(trimmed)) return { id: trimmed, name: trimmed };
  return { handle: trimmed.toLowerCase(), name: trimmed };
}

export function sandboxLookups(definition: PlatformDefinition, access: SandboxAccess): ActionsCapability['lookups'] {
  const platform = definition.type;
  const invalid = (message: string, operation: string) =>
    new PlatformError({ code: 'INVALID_REQUEST', message, httpStatus: 400, meta: { platform, operation } });

  async function subredditFlairs(db: Executor, profileId: string, subreddit: string): Promise<SubredditFlair[]> {
    const name = subreddit.replace(/^\/?r\//i, '');
    const known = (await listChannelsOf(db, profileId)).find((channel) => channel.username?.toLowerCase() === name.toLowerCase());
    const seed = hashOf(`subreddit:${name}`);
    const enabled = known?.metadata ? known.metadata.linkFlairEnabled === true : seed % 2 === 0;
    if (!enabled) return [];
    const howMany = 3 + (seed % 3);
    return Array.from({ length: howMany }, (_, index) => {
      const text = FLAIR_NAMES[(seed + index * 3) % FLAIR_NAMES.length]!;
      const digest = createHash('sha256').update(`${name.toLowerCase()}:${text}`).digest('hex');
      return {
        id: `${digest.slice(0, 8)}-${digest.slice(8, 12)}-${digest.slice(12, 16)}-${digest.slice(16, 20)}-${digest.slice(20, 32)}`,
        text,
        cssClass: text.toLowerCase().replace(/[^a-z]+/g, '-'),
        textColor: 'light',
        backgroundColor: FLAIR_COLORS[(seed + index) % FLAIR_COLORS.length]!,
        modOnly: text === 'Meta',
        allowableContent: 'all',
        maxEmojis: 10,
      };
    }).filter((flair, index, all) => all.findIndex((other) => other.text === flair.text) === index);
  }

  const lookups: ActionsCapability['lookups'] = {};
  if (platform === 'TIKTOK') {
    // What `creator_info/query` answers for a sandbox creator: every privacy level, nothing switched off.
    lookups.tiktokCreatorInfo = async (env, credentials) => {
      const { profile } = await access.authorize(env, credentials, 'lookups.tiktokCreatorInfo');
      return {
        creatorUsername: profile.username,
        creatorNickname: profile.displayName,
        creatorAvatarUrl: null,
        privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
        commentDisabled: false,
        duetDisabled: false,
        stitchDisabled: false,
        maxVideoPostDurationSec: 600,
        appAudited: true,
      };
    };
    lookups.tiktokTrendingMusic = async (env, credentials, _account, input) => {
      await access.authorize(env, credentials, 'lookups.tiktokTrendingMusic');
      return sandboxTrendingMusic(input.genre, input.dateRange);
    };
  }
  if (platform === 'YOUTUBE') {
    lookups.youtubeCategories = async (env, credentials, _account, input) => {
      await access.authorize(env, credentials, 'lookups.youtubeCategories');
      if (!YOUTUBE_REGION_CODES.includes(input.regionCode.toUpperCase()))
        throw invalid(`YouTube does not serve region ${input.regionCode}`, 'lookups.youtubeCategories');
      return YOUTUBE_CATEGORIES;
    };
    lookups.youtubeRegions = async (env, credentials) => {
      await access.authorize(env, credentials, 'lookups.youtubeRegions');
      return YOUTUBE_REGION_CODES.map((gl) => ({ gl, name: regionNames.of(gl) ?? gl }));
    };
  }
  if (platform === 'REDDIT') {
    lookups.subredditFlairs = async (env, credentials, _account, input) => {
      const { profile } = await access.authorize(env, credentials, 'lookups.subredditFlairs');
      return subredditFlairs(env.db, profile.id, input.subreddit);
    };
    lookups.subredditRequirements = async (env, credentials, _account, input) => {
      const { profile } = await access.authorize(env, credentials, 'lookups.subredditRequirements');
      const flairs = await subredditFlairs(env.db, profile.id, input.subreddit);
      const isFlairEnabled = flairs.length > 0;
      return { isFlairEnabled, isFlairRequired: isFlairEnabled && hashOf(`required:${input.subreddit.replace(/^\/?r\//i, '')}`) % 3 !== 2 };
    };
  }
  if (platform === 'INSTAGRAM') {
    lookups.instagramLocations = async (env, credentials, _account, input) => {
      await access.authorize(env, credentials, 'lookups.instagramLocations');
      return PLACES.filter((place) => matches(input.q, place.name, place.location.city, place.location.country))
        .slice(0, input.limit)
        .map((place) => {
          const locationId = placeId(place.name);
          return { locationId, link: `https://www.facebook.com/${locationId}`, ...place };
        });
    };
    lookups.instagramBusiness = async (env, credentials, _account, input) => {
      const { profile } = await access.authorize(env, credentials, 'lookups.instagramBusiness');
      const wanted = input.username.replace(/^@/, '').toLowerCase();
      const found = (await worldProfiles(env.db, profile.organizationId, 'INSTAGRAM')).find((candidate) => candidate.username.toLowerCase() === wanted);
      if (!found) return null;
      const [media] = await env.db
        .select({ value: count() })
        .from(sandboxItems)
        .where(and(eq(sandboxItems.profileId, found.id), eq(sandboxItems.kind, 'POST'), isNull(sandboxItems.deletedAt)));
      return {
        id: found.externalId,
        username: found.username,
        name: found.displayName,
        followers_count: 120 + (hashOf(`followers:${found.externalId}`) % 50_000),
        media_count: media?.value ?? 0,
        ...(found.bio ? { biography: found.bio } : {}),
        profile_picture_url: avatarUrl(env.publicUrl, 'INSTAGRAM', found.externalId, found.displayName),
      };
    };
  }
  if (platform === 'LINKEDIN') {
    lookups.linkedinMentions = async (env, credentials, _account, input) => {
      const { profile } = await access.authorize(env, credentials, 'lookups.linkedinMentions');
      const people =
        input.scope === 'organizations'
          ? []
          : (await worldProfiles(env.db, profile.organizationId, 'LINKEDIN'))
              .filter((person) => matches(input.q, person.displayName, person.username))
              .slice(0, 10)
              .map((person) => ({
                kind: 'person' as const,
                urn: `urn:li:person:${person.externalId}`,
                display: person.displayName,
                ...(person.bio ? { headline: person.bio } : {}),
                photoUrl: avatarUrl(env.publicUrl, 'LINKEDIN', person.externalId, person.displayName),
              }));
      const organizations =
        input.scope === 'people'
          ? []
          : (await worldChannels(env.db, profile.organizationId, 'LINKEDIN'))
              .filter((organization) => matches(input.q, organization.name, organization.username))
              .slice(0, 10)
              .map((organization) => ({
                kind: 'organization' as const,
                urn: organization.externalId.startsWith('urn:') ? organization.externalId : `urn:li:organization:${organization.externalId}`,
                display: organization.name,
                ...(organization.username ? { vanityName: organization.username } : {}),
                logoUrl: avatarUrl(env.publicUrl, 'LINKEDIN', organization.externalId, organization.name),
              }));
      return { people, organizations };
    };
  }
  if (platform === 'FACEBOOK') {
    lookups.facebookPages = async (env, credentials, _account, input) => {
      const { profile } = await access.authorize(env, credentials, 'lookups.facebookPages');
      const keys = pageKeys(input.q);
      const pages = (await worldChannels(env.db, profile.organizationId, 'FACEBOOK')).filter((page) => page.kind === 'page');
      const exact = pages.filter((page) => page.externalId === keys.id || (keys.handle && page.username?.toLowerCase() === keys.handle));
      const found = exact.length > 0 ? exact : keys.name ? pages.filter((page) => matches(keys.name, page.name)) : [];
      return found.slice(0, input.limit).map((page): FacebookPage => ({
        id: page.externalId,
        name: page.name,
        username: page.username,
        link: `https://www.facebook.com/${page.username ?? page.externalId}`,
        avatarUrl: avatarUrl(env.publicUrl, 'FACEBOOK', page.externalId, page.name),
        mentionTag: `@[${page.externalId}]`,
      }));
    };
  }
  return lookups;
}
