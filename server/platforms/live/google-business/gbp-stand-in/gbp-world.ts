import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { GbpAttribute, GbpDocument, GbpLocation, GbpMediaItem, PlaceActionLink } from '../../../locations';

/*
 * The Google Business Profile stand-in's world (issue 27): one Google user with a business account
 * and two locations, the OAuth client, codes and tokens, local posts, reviews, the location
 * profile documents, notification settings, and the key Pub/Sub signs push tokens with.
 */

export const GBP_CLIENT_ID = '1234567890-socialdesk.apps.googleusercontent.com';
export const GBP_CLIENT_SECRET = 'GOCSPX-stand-in-secret';
export const GBP_SCOPE = 'https://www.googleapis.com/auth/business.manage';
export const GBP_ACCOUNT = 'accounts/106000000000000000001';
export const GBP_LOCATION = `${GBP_ACCOUNT}/locations/4100000000000000001`;
export const GBP_OTHER_LOCATION = `${GBP_ACCOUNT}/locations/4100000000000000002`;
/** A location of another Google account: never reachable with our person's token. */
export const FOREIGN_LOCATION = 'accounts/999/locations/999';
export const PUBSUB_TOPIC = 'projects/socialdesk-test/topics/gbp-reviews';
export const PUSH_AUDIENCE = 'https://socialdesk.example/webhooks/google-business';
export const PUSH_SERVICE_ACCOUNT = 'gbp-push@socialdesk-test.iam.gserviceaccount.com';

export type LocalPost = GbpDocument & {
  name: string;
  summary?: string;
  topicType: string;
  createTime: string;
  updateTime: string;
  state: string;
  searchUrl: string;
};
export type Review = {
  name: string;
  reviewId: string;
  reviewer: { displayName: string; profilePhotoUrl?: string; isAnonymous?: boolean };
  starRating: string;
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
};

export type LocationState = {
  location: GbpLocation;
  attributes: GbpAttribute[];
  foodMenus: GbpDocument[];
  links: PlaceActionLink[];
  media: GbpMediaItem[];
  posts: LocalPost[];
  reviews: Review[];
};

export function createGbpWorld(now: () => number = Date.now) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const locations = new Map<string, LocationState>();
  for (const [name, title] of [
    [GBP_LOCATION, 'Corner Bakery Main Street'],
    [GBP_OTHER_LOCATION, 'Corner Bakery Station'],
  ] as const) {
    locations.set(name, {
      location: {
        name: name.slice(GBP_ACCOUNT.length + 1),
        title,
        storefrontAddress: { regionCode: 'US', addressLines: ['12 Market Street'], locality: 'Springfield' },
        categories: { primaryCategory: { name: 'categories/gcid:bakery', displayName: 'Bakery' } },
        regularHours: { periods: [] },
        metadata: { canOperateLocalPost: true },
        serviceItems: [],
        profile: { description: '' },
      },
      attributes: [],
      foodMenus: [],
      links: [],
      media: [],
      posts: [],
      reviews: [],
    });
  }
  return {
    now,
    kid,
    privateKey: privateKey as KeyObject,
    publicJwk: { ...(publicKey.export({ format: 'jwk' }) as Record<string, string>), kid, alg: 'RS256', use: 'sig' },
    locations,
    /** Codes issued by the consent page: single use, ten minutes, bound to the redirect URI. */
    codes: new Map<string, { redirectUri: string; expiresAt: number }>(),
    /** Live access tokens and when they expire; revoked refresh tokens are removed. */
    accessTokens: new Map<string, number>(),
    refreshTokens: new Set<string>(),
    notificationSettings: new Map<string, { pubsubTopic: string; notificationTypes: string[] }>(),
    /** Calls to answer `RESOURCE_EXHAUSTED` before the next succeeds. */
    quotaExhausted: 0,
    mint(prefix: string) {
      return `${prefix}${randomBytes(12).toString('hex')}`;
    },
    /** A Pub/Sub push's OIDC token, as the push subscription's service account. */
    pushToken(claims: Partial<Record<string, unknown>> = {}) {
      const seconds = Math.floor(now() / 1000);
      const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(
        JSON.stringify({
          iss: 'https://accounts.google.com',
          aud: PUSH_AUDIENCE,
          azp: '100000000000000000000',
          email: PUSH_SERVICE_ACCOUNT,
          email_verified: true,
          iat: seconds,
          exp: seconds + 3600,
          sub: '100000000000000000000',
          ...claims,
        }),
      ).toString('base64url');
      const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
      return `${header}.${payload}.${signature}`;
    },
  };
}

export type GbpWorld = ReturnType<typeof createGbpWorld>;
