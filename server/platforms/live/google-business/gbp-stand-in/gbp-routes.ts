import { json, type LocalReceiver, type Received } from '../../test-kit/local-receiver';
import type { PlaceActionLink } from '../../../locations';
import {
  AVAILABLE_ATTRIBUTES,
  CATEGORIES,
  checkAttributes,
  checkLocationUpdate,
  checkPlaceActionLink,
  LOCATION_FIELDS,
  pageOf,
  pick,
  withPreferred,
} from '../../../shared/gbp-location-rules';
import { GBP_ACCOUNT, GBP_CLIENT_ID, GBP_CLIENT_SECRET, GBP_SCOPE, type GbpWorld, type LocalPost, type LocationState } from './gbp-world';

/*
 * Google's Business Profile APIs and OAuth endpoints as their reference documents them, on one
 * local server; each host setting points at a prefix of it. Every request is checked as Google
 * would: the bearer token (live, this client's), required parameters (`readMask`, `updateMask`,
 * `attributeMask`), the location belonging to the person, and the body's documented rules; answers
 * and errors (`{ error: { code, message, status } }`) have Google's shapes.
 *
 * https://developers.google.com/identity/protocols/oauth2/web-server
 * https://developers.google.com/my-business/reference/rest/v4/accounts.locations.localPosts
 * https://developers.google.com/my-business/reference/rest/v4/accounts.locations.reviews
 * https://developers.google.com/my-business/reference/businessinformation/rest
 */

export const PREFIX = {
  authorize: '/o/oauth2/v2/auth',
  token: '/token',
  userinfo: '/v1/userinfo',
  accounts: '/accountmgmt/v1',
  information: '/info/v1',
  v4: '/v4',
  placeActions: '/placeactions/v1',
  notifications: '/notifications/v1',
  performance: '/performance/v1',
  certs: '/oauth2/v3/certs',
} as const;

class GoogleError extends Error {
  constructor(
    readonly code: number,
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}
const invalid = (message: string) => new GoogleError(400, 'INVALID_ARGUMENT', message);
const notFound = (message = 'Requested entity was not found.') => new GoogleError(404, 'NOT_FOUND', message);

type Handler = (received: Received, match: string[]) => Response | Promise<Response>;

export function installGbpRoutes(receiver: LocalReceiver, world: GbpWorld, options: { redirectUris: string[] }) {
  const routes: { method: string; pattern: RegExp; handler: Handler; auth: boolean }[] = [];
  const on = (method: string, pattern: RegExp, handler: Handler, auth = true) => routes.push({ method, pattern, handler, auth });
  /** Every call made with a token, in order: what tests assert on. */
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];

  function requireToken(received: Received) {
    const token = /^Bearer (.+)$/.exec(received.headers.get('authorization') ?? '')?.[1];
    const expires = token ? world.accessTokens.get(token) : undefined;
    if (!expires || expires <= world.now()) throw new GoogleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    if (world.quotaExhausted > 0) {
      world.quotaExhausted -= 1;
      throw new GoogleError(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'.");
    }
  }
  const state = (v4Name: string): LocationState => {
    const found = world.locations.get(v4Name);
    if (!found) throw new GoogleError(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    return found;
  };
  const byV1 = (locationId: string) => state(`${GBP_ACCOUNT}/locations/${locationId}`);
  const body = async (received: Received) => (received.text ? (JSON.parse(received.text) as Record<string, unknown>) : {});
  const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

  // OAuth 2.0 for web server apps: the consent page approves at once (the person said yes).
  on(
    'GET',
    /^\/o\/oauth2\/v2\/auth$/,
    (received) => {
      const q = received.query;
      if (q.get('client_id') !== GBP_CLIENT_ID) return new Response('Error 401: invalid_client', { status: 401 });
      const redirectUri = q.get('redirect_uri') ?? '';
      if (!options.redirectUris.includes(redirectUri)) return new Response('Error 400: redirect_uri_mismatch', { status: 400 });
      if (q.get('response_type') !== 'code') return new Response('Error 400: unsupported_response_type', { status: 400 });
      if (!list(q.get('scope')?.replaceAll(' ', ',') ?? null).includes(GBP_SCOPE)) return new Response('Error 400: invalid_scope', { status: 400 });
      const code = world.mint('4/0A');
      world.codes.set(code, { redirectUri, expiresAt: world.now() + 600_000 });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('scope', q.get('scope') ?? '');
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      // Only `access_type=offline` brings a refresh token: remembered with the code.
      if (q.get('access_type') === 'offline') world.codes.get(code)!.redirectUri += '#offline';
      return new Response(null, { status: 302, headers: { location: back.toString() } });
    },
    false,
  );
  on(
    'POST',
    /^\/token$/,
    (received) => {
      if (!(received.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) return json({ error: 'invalid_request' }, 400);
      const form = new URLSearchParams(received.text);
      if (form.get('client_id') !== GBP_CLIENT_ID || form.get('client_secret') !== GBP_CLIENT_SECRET) return json({ error: 'invalid_client' }, 401);
      const issue = (refresh: boolean) => {
        const accessToken = world.mint('ya29.');
        world.accessTokens.set(accessToken, world.now() + 3599_000);
        const answer: Record<string, unknown> = { access_token: accessToken, expires_in: 3599, token_type: 'Bearer', scope: `${GBP_SCOPE} openid` };
        if (refresh) {
          const refreshToken = world.mint('1//0g');
          world.refreshTokens.add(refreshToken);
          answer.refresh_token = refreshToken;
        }
        return json(answer);
      };
      if (form.get('grant_type') === 'authorization_code') {
        const code = world.codes.get(form.get('code') ?? '');
        world.codes.delete(form.get('code') ?? '');
        const offline = code?.redirectUri.endsWith('#offline');
        const redirectUri = code?.redirectUri.replace(/#offline$/, '');
        if (!code || code.expiresAt < world.now() || redirectUri !== form.get('redirect_uri'))
          return json({ error: 'invalid_grant', error_description: 'Bad Request' }, 400);
        return issue(Boolean(offline));
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!world.refreshTokens.has(form.get('refresh_token') ?? ''))
          return json({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }, 400);
        return issue(false);
      }
      return json({ error: 'unsupported_grant_type' }, 400);
    },
    false,
  );
  on('GET', /^\/oauth2\/v3\/certs$/, () => json({ keys: [world.publicJwk] }, 200, { 'cache-control': 'public, max-age=3600' }), false);
  on('GET', /^\/v1\/userinfo$/, () =>
    json({
      sub: '110000000000000000001',
      name: 'Ada Baker',
      email: 'ada@bakery.example',
      email_verified: true,
      picture: 'https://lh3.googleusercontent.com/a/ada',
    }),
  );

  on('GET', /^\/accountmgmt\/v1\/accounts$/, () =>
    json({ accounts: [{ name: GBP_ACCOUNT, accountName: 'Ada Baker', type: 'PERSONAL', verificationState: 'UNVERIFIED' }] }),
  );

  // Business Information API v1.
  on('GET', /^\/info\/v1\/(accounts\/[^/]+)\/locations$/, (received, [account]) => {
    const readMask = list(received.query.get('readMask'));
    if (readMask.length === 0) throw invalid('read_mask is required');
    const own = [...world.locations.entries()].filter(([name]) => name.startsWith(`${account}/`));
    return json({ locations: own.map(([, value]) => pick(value.location, readMask)) });
  });
  on('GET', /^\/info\/v1\/locations\/([^/]+)$/, (received, [id]) => {
    const readMask = list(received.query.get('readMask'));
    if (readMask.length === 0) throw invalid('read_mask is required');
    const unknown = readMask.find((field) => !(LOCATION_FIELDS as readonly string[]).includes(field));
    if (unknown) throw invalid(`Invalid field mask: ${unknown}`);
    return json(pick(byV1(id!).location, readMask));
  });
  on('PATCH', /^\/info\/v1\/locations\/([^/]+)$/, async (received, [id]) => {
    const location = byV1(id!);
    const updateMask = list(received.query.get('updateMask'));
    const changes = await body(received);
    const problem = checkLocationUpdate(updateMask, changes);
    if (problem) throw invalid(problem);
    // Hours go over the wire as TimeOfDay objects, never "HH:MM" strings.
    if (/"(open|close)Time":"/.test(received.text)) throw invalid('Invalid value at TimeOfDay: expected an object');
    const next = { ...location.location, ...Object.fromEntries(updateMask.map((field) => [field, changes[field]])) };
    if (received.query.get('validateOnly') !== 'true') location.location = next;
    return json(next);
  });
  on('GET', /^\/info\/v1\/locations\/([^/]+)\/attributes$/, (_received, [id]) =>
    json({ name: `locations/${id}/attributes`, attributes: byV1(id!).attributes }),
  );
  on('PATCH', /^\/info\/v1\/locations\/([^/]+)\/attributes$/, async (received, [id]) => {
    const location = byV1(id!);
    const mask = list(received.query.get('attributeMask'));
    const sent = (await body(received)) as { name?: string; attributes?: typeof location.attributes };
    if (sent.name !== `locations/${id}/attributes`) throw invalid('name must be locations/{location}/attributes');
    const problem = checkAttributes(mask, sent.attributes ?? []);
    if (problem) throw invalid(problem);
    location.attributes = [...location.attributes.filter((attribute) => !mask.includes(attribute.name)), ...(sent.attributes ?? [])];
    return json({ name: sent.name, attributes: location.attributes });
  });
  on('GET', /^\/info\/v1\/attributes$/, (received) => {
    const parent = received.query.get('parent');
    if (!parent && !received.query.get('categoryName')) throw invalid('parent or category_name is required');
    if (parent) byV1(parent.split('/')[1]!);
    const { slice, nextPageToken } = pageOf(
      AVAILABLE_ATTRIBUTES,
      { pageSize: Number(received.query.get('pageSize')) || undefined, pageToken: received.query.get('pageToken') ?? undefined },
      200,
    );
    return json({ attributeMetadata: slice, ...(nextPageToken ? { nextPageToken } : {}) });
  });
  on('GET', /^\/info\/v1\/categories$/, (received) => {
    if (!received.query.get('regionCode') || !received.query.get('languageCode')) throw invalid('region_code and language_code are required');
    if (!received.query.get('view')) throw invalid('view is required');
    return json({ categories: CATEGORIES });
  });

  // My Business v4: local posts.
  const V4_LOCATION = '\\/v4\\/(accounts\\/[^/]+\\/locations\\/[^/]+)';
  on('POST', new RegExp(`^${V4_LOCATION}/localPosts$`), async (received, [name]) => {
    const location = state(name!);
    const post = await body(received);
    const problem = localPostProblem(post);
    if (problem) throw invalid(problem);
    const id = world.mint('').slice(0, 19).replace(/[a-f]/g, '1');
    const at = new Date(world.now()).toISOString();
    const created: LocalPost = {
      ...post,
      name: `${name}/localPosts/${id}`,
      topicType: String(post.topicType),
      createTime: at,
      updateTime: at,
      state: 'LIVE',
      searchUrl: `https://local.google.com/place?id=${id}&use=posts&lpsid=${id}`,
    };
    location.posts.unshift(created);
    return json(created);
  });
  on('GET', new RegExp(`^${V4_LOCATION}/localPosts$`), (_received, [name]) => json({ localPosts: state(name!).posts }));
  on('PATCH', new RegExp(`^${V4_LOCATION}/localPosts/([^/]+)$`), async (received, [name, id]) => {
    const post = state(name!).posts.find((candidate) => candidate.name === `${name}/localPosts/${id}`);
    if (!post) throw notFound();
    const mask = list(received.query.get('updateMask'));
    if (mask.length === 0) throw invalid('update_mask is required');
    const changes = await body(received);
    for (const field of mask) post[field] = changes[field];
    post.updateTime = new Date(world.now()).toISOString();
    return json(post);
  });
  on('DELETE', new RegExp(`^${V4_LOCATION}/localPosts/([^/]+)$`), (_received, [name, id]) => {
    const location = state(name!);
    const before = location.posts.length;
    location.posts = location.posts.filter((candidate) => candidate.name !== `${name}/localPosts/${id}`);
    if (location.posts.length === before) throw notFound();
    return json({});
  });

  // Reviews.
  on('GET', new RegExp(`^${V4_LOCATION}/reviews$`), (received, [name]) => {
    const sorted = [...state(name!).reviews].sort((a, b) => b.updateTime.localeCompare(a.updateTime));
    const size = Math.min(Number(received.query.get('pageSize')) || 50, 50);
    const { slice, nextPageToken } = pageOf(sorted, { pageSize: size, pageToken: received.query.get('pageToken') ?? undefined }, 50);
    return json({ reviews: slice, totalReviewCount: sorted.length, ...(nextPageToken ? { nextPageToken } : {}) });
  });
  const review = (name: string, id: string) => {
    const found = state(name).reviews.find((candidate) => candidate.reviewId === id);
    if (!found) throw notFound();
    return found;
  };
  on('GET', new RegExp(`^${V4_LOCATION}/reviews/([^/]+)$`), (_received, [name, id]) => json(review(name!, id!)));
  on('PUT', new RegExp(`^${V4_LOCATION}/reviews/([^/]+)/reply$`), async (received, [name, id]) => {
    const found = review(name!, id!);
    const { comment } = (await body(received)) as { comment?: string };
    if (!comment || comment.length > 4096) throw invalid('comment must be 1 to 4096 characters');
    found.reviewReply = { comment, updateTime: new Date(world.now()).toISOString() };
    return json(found.reviewReply);
  });
  on('DELETE', new RegExp(`^${V4_LOCATION}/reviews/([^/]+)/reply$`), (_received, [name, id]) => {
    const found = review(name!, id!);
    if (!found.reviewReply) throw notFound();
    delete found.reviewReply;
    return json({});
  });

  // Food menus and media (v4).
  on('GET', new RegExp(`^${V4_LOCATION}/foodMenus$`), (_received, [name]) => json({ name: `${name}/foodMenus`, menus: state(name!).foodMenus }));
  on('PATCH', new RegExp(`^${V4_LOCATION}/foodMenus$`), async (received, [name]) => {
    if (!list(received.query.get('updateMask')).includes('menus')) throw invalid('update_mask must name menus');
    const sent = (await body(received)) as { menus?: Record<string, unknown>[] };
    state(name!).foodMenus = sent.menus ?? [];
    return json({ name: `${name}/foodMenus`, menus: state(name!).foodMenus });
  });
  on('GET', new RegExp(`^${V4_LOCATION}/media$`), (_received, [name]) =>
    json({ mediaItems: state(name!).media, totalMediaItemCount: state(name!).media.length }),
  );
  on('POST', new RegExp(`^${V4_LOCATION}/media$`), async (received, [name]) => {
    const sent = (await body(received)) as { mediaFormat?: string; sourceUrl?: string; locationAssociation?: { category?: string }; description?: string };
    if (!sent.mediaFormat || !sent.sourceUrl) throw invalid('mediaFormat and sourceUrl are required');
    if (!sent.locationAssociation?.category) throw invalid('locationAssociation.category is required');
    const id = world.mint('AF1Qip');
    const item = {
      ...sent,
      name: `${name}/media/${id}`,
      googleUrl: `https://lh3.googleusercontent.com/p/${id}`,
      thumbnailUrl: `https://lh3.googleusercontent.com/p/${id}=s250`,
    };
    state(name!).media.unshift(item as never);
    return json(item);
  });
  on('DELETE', new RegExp(`^${V4_LOCATION}/media/([^/]+)$`), (_received, [name, id]) => {
    const location = state(name!);
    if (!location.media.some((item) => item.name === `${name}/media/${id}`)) throw notFound();
    location.media = location.media.filter((item) => item.name !== `${name}/media/${id}`);
    return json({});
  });

  // Place Actions API v1.
  on('GET', /^\/placeactions\/v1\/locations\/([^/]+)\/placeActionLinks$/, (_received, [id]) => json({ placeActionLinks: byV1(id!).links }));
  on('POST', /^\/placeactions\/v1\/locations\/([^/]+)\/placeActionLinks$/, async (received, [id]) => {
    const location = byV1(id!);
    const link = (await body(received)) as PlaceActionLink;
    if (link.name) throw invalid('name must not be set on create');
    const problem = checkPlaceActionLink(link, location.links);
    if (problem)
      throw new GoogleError(
        problem.includes('already exists') ? 409 : 400,
        problem.includes('already exists') ? 'ALREADY_EXISTS' : 'INVALID_ARGUMENT',
        problem,
      );
    const created: PlaceActionLink = {
      ...link,
      name: `locations/${id}/placeActionLinks/${world.mint('').slice(0, 10)}`,
      providerType: 'MERCHANT',
      isEditable: true,
    };
    location.links = [...withPreferred(location.links, created), created];
    return json(created);
  });
  on('PATCH', /^\/placeactions\/v1\/locations\/([^/]+)\/placeActionLinks\/([^/]+)$/, async (received, [id, linkId]) => {
    const location = byV1(id!);
    const name = `locations/${id}/placeActionLinks/${linkId}`;
    const current = location.links.find((link) => link.name === name);
    if (!current) throw notFound();
    const mask = list(received.query.get('updateMask'));
    if (mask.length === 0) throw invalid('update_mask is required');
    const sent = (await body(received)) as PlaceActionLink;
    const changed = { ...current, ...Object.fromEntries(mask.map((field) => [field, sent[field as keyof PlaceActionLink]])) };
    const problem = checkPlaceActionLink(
      changed,
      location.links.filter((link) => link.name !== name),
    );
    if (problem) throw invalid(problem);
    location.links = withPreferred(location.links, changed).map((link) => (link.name === name ? changed : link));
    return json(changed);
  });
  on('DELETE', /^\/placeactions\/v1\/locations\/([^/]+)\/placeActionLinks\/([^/]+)$/, (_received, [id, linkId]) => {
    const location = byV1(id!);
    const name = `locations/${id}/placeActionLinks/${linkId}`;
    if (!location.links.some((link) => link.name === name)) throw notFound();
    location.links = location.links.filter((link) => link.name !== name);
    return json({});
  });

  // Notifications API v1: one setting per account.
  on('PATCH', /^\/notifications\/v1\/(accounts\/[^/]+)\/notificationSetting$/, async (received, [account]) => {
    if (account !== GBP_ACCOUNT) throw new GoogleError(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    const mask = list(received.query.get('updateMask'));
    const sent = (await body(received)) as { name?: string; pubsubTopic?: string; notificationTypes?: string[] };
    if (sent.name !== `${account}/notificationSetting`) throw invalid('name must be accounts/{account}/notificationSetting');
    if (!mask.includes('pubsubTopic') || !mask.includes('notificationTypes')) throw invalid('update_mask must name pubsubTopic and notificationTypes');
    world.notificationSettings.set(account!, { pubsubTopic: sent.pubsubTopic ?? '', notificationTypes: sent.notificationTypes ?? [] });
    return json(sent);
  });

  // Performance API v1.
  on('GET', /^\/performance\/v1\/locations\/([^/:]+):fetchMultiDailyMetricsTimeSeries$/, (received, [id]) => {
    byV1(id!);
    const metrics = received.query.getAll('dailyMetrics');
    if (metrics.length === 0) throw invalid('daily_metrics is required');
    if (!received.query.get('dailyRange.start_date.year') || !received.query.get('dailyRange.end_date.year')) throw invalid('daily_range is required');
    return json({
      multiDailyMetricTimeSeries: [
        {
          dailyMetricTimeSeries: metrics.map((metric, index) => ({
            dailyMetric: metric,
            timeSeries: {
              datedValues: [{ date: { year: 2026, month: 11, day: 1 }, value: String(10 * (index + 1)) }, { date: { year: 2026, month: 11, day: 2 } }],
            },
          })),
        },
      ],
    });
  });

  receiver.otherwise(async (received) => {
    for (const route of routes) {
      if (route.method !== received.method) continue;
      const match = route.pattern.exec(received.path);
      if (!match) continue;
      try {
        if (route.auth) {
          requireToken(received);
          calls.push({
            method: received.method,
            path: received.path,
            query: received.query,
            body: received.text ? (JSON.parse(received.text) as unknown) : null,
          });
        }
        return await route.handler(received, match.slice(1));
      } catch (error) {
        if (!(error instanceof GoogleError)) throw error;
        return json({ error: { code: error.code, message: error.message, status: error.status } }, error.code);
      }
    }
    return json({ error: { code: 404, message: `no route for ${received.method} ${received.path}`, status: 'NOT_FOUND' } }, 404);
  });
  return { calls };
}

/** A LocalPost's documented rules (summary ≤ 1500, events and offers with a titled schedule, CTA urls). */
function localPostProblem(post: Record<string, unknown>): string | null {
  const topicType = post.topicType;
  if (!['STANDARD', 'EVENT', 'OFFER', 'ALERT'].includes(String(topicType))) return 'topicType is required';
  if (typeof post.summary === 'string' && post.summary.length > 1500) return 'summary must be at most 1500 characters';
  if (topicType === 'EVENT' || topicType === 'OFFER') {
    const event = post.event as { title?: string; schedule?: { startDate?: unknown; endDate?: unknown } } | undefined;
    if (!event?.title) return 'event.title is required for EVENT and OFFER posts';
    if (!event.schedule?.startDate || !event.schedule.endDate) return 'event.schedule with startDate and endDate is required';
  }
  if (topicType === 'OFFER' && post.callToAction) return 'OFFER posts cannot have a callToAction';
  const cta = post.callToAction as { actionType?: string; url?: string } | undefined;
  if (cta && cta.actionType !== 'CALL' && !cta.url) return 'callToAction.url is required';
  for (const item of (post.media as { mediaFormat?: string; sourceUrl?: string }[] | undefined) ?? []) {
    if (!item.mediaFormat || !item.sourceUrl) return 'media items need mediaFormat and sourceUrl';
  }
  return null;
}
