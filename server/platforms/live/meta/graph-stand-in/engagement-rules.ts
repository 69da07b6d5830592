import { json, type LocalReceiver, type Received } from '../../test-kit/local-receiver';
import type { EngagementWorld, StandInMedia } from './engagement-world';
import { authenticate, graphError, paramsOf, versionedPath } from './graph-rules';
import type { MetaWorld, Product, StandInToken } from './stand-in-world';

/**
 * What the reading routes share: a route on one Graph host that answers an armed fault first,
 * insists on the pinned version, authenticates the token with its proof, and knows whom the
 * token acts as (a Page token: its Page and the Instagram account linked to it; an Instagram
 * Login or Threads token: its account). Written from Meta's reference like the rest of the stand-in.
 */
export type Caller = {
  token: StandInToken;
  params: URLSearchParams;
  received: Received;
  /** The ids this token may act as (`me` resolves to the first). */
  selves: string[];
  /** The object id the path names (`me` resolved). */
  id: string;
  engagement: EngagementWorld;
};

export type ReadingRoute = (caller: Caller) => Response | Promise<Response>;

/**
 * `claims`: for paths other slices share (`/{object-id}`), whether this object is one of the
 * reading slice's (a media, post or comment it keeps); otherwise the route declines and the next
 * one answers.
 */
export function readingRoute(
  receiver: LocalReceiver,
  world: MetaWorld,
  product: Product,
  version: string,
  line: string,
  route: ReadingRoute,
  claims?: (id: string) => boolean,
): void {
  const [method, path] = line.split(' ') as [string, string];
  receiver.on(`${method} /${version}${path}`, async (received) => {
    if (claims && !claims(received.path.split('/')[2] ?? '')) return null;
    const fault = world.takeFault(product);
    if (fault) return json(fault.body, fault.status, fault.headers);
    const unversioned = versionedPath(received, version);
    if (unversioned instanceof Response) return unversioned;
    const params = await paramsOf(received);
    if ((received.headers.get('content-type') ?? '').startsWith('application/json') && received.text) {
      try {
        for (const [key, value] of Object.entries(JSON.parse(received.text) as Record<string, unknown>))
          params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      } catch {
        return graphError({ message: 'Invalid JSON in the request body', type: 'OAuthException', code: 100 });
      }
    }
    const token = authenticate(world, product, params, received);
    if (token instanceof Response) return token;
    const selves = selvesOf(world, token);
    if (product === 'facebook' && token.kind !== 'page') {
      return graphError({ message: '(#210) A page access token is required to request this resource.', type: 'OAuthException', code: 210 });
    }
    const named = unversioned.split('/')[1] ?? '';
    const id = named === 'me' ? selves[0]! : named;
    return route({ token, params, received, selves, id, engagement: world.engagement });
  });
}

function selvesOf(world: MetaWorld, token: StandInToken): string[] {
  if (token.product !== 'facebook') return [token.subject];
  const page = world.pages.find((candidate) => candidate.id === token.subject);
  return page ? [page.id, ...(page.instagram ? [page.instagram.id] : [])] : [token.subject];
}

export const missingPermission = (permission: string) =>
  graphError({ message: `(#10) This endpoint requires the '${permission}' permission to manage the object`, type: 'OAuthException', code: 10 });

/** The first of these permissions the token lacks, answered as Meta does; null when it has them all. */
export function lacking(caller: Caller, permissions: string[]): Response | null {
  const missing = permissions.find((permission) => !caller.token.scopes.includes(permission));
  return missing ? missingPermission(missing) : null;
}

/** Which permission an Instagram call needs, by the login its token came from. */
export function instagramScope(caller: Caller, kind: 'basic' | 'comments' | 'insights' | 'messages'): string {
  const viaFacebook = caller.token.product === 'facebook';
  return {
    basic: viaFacebook ? 'instagram_basic' : 'instagram_business_basic',
    comments: viaFacebook ? 'instagram_manage_comments' : 'instagram_business_manage_comments',
    insights: viaFacebook ? 'instagram_manage_insights' : 'instagram_business_manage_insights',
    messages: viaFacebook ? 'instagram_manage_messages' : 'instagram_business_manage_messages',
  }[kind];
}

export const unsupported = (id: string) =>
  graphError({
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });

export const invalidParameter = (message: string) => graphError({ message: `(#100) ${message}`, type: 'OAuthException', code: 100 });

/** The caller's own media by id (published by one of the accounts the token acts as), or Meta's answer for anything else. */
export function ownMedia(caller: Caller, id: string): StandInMedia | Response {
  const media = caller.engagement.media.get(id);
  return media && caller.selves.includes(media.ownerId) ? media : unsupported(id);
}

/**
 * One page of a listing edge with Meta's cursors: `after` is an opaque position, `next` is only
 * there when more follows (Meta's own URL, carrying the token: a client should not need it).
 */
export function paged<T>(items: T[], caller: Caller, baseUrl: string): Response {
  const { params, engagement } = caller;
  const after = params.get('after');
  const start = after ? Number(Buffer.from(after, 'base64url').toString()) : 0;
  if (!Number.isInteger(start) || start < 0) return invalidParameter('Invalid cursor');
  const size = Math.min(Number(params.get('limit') ?? '25') || 25, engagement.pageSize);
  const slice = items.slice(start, start + size);
  const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
  const more = start + slice.length < items.length;
  return json({
    data: slice,
    paging: {
      cursors: { before: cursor(start), after: cursor(start + slice.length) },
      ...(more ? { next: `${baseUrl}?after=${cursor(start + slice.length)}&access_token=${caller.token.value}` } : {}),
    },
  });
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
