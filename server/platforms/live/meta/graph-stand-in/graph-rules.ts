import { createHmac, randomBytes } from 'node:crypto';
import { json, type Received } from '../../test-kit/local-receiver';
import type { MetaWorld, Product, StandInToken } from './stand-in-world';

/**
 * What every Graph host of the stand-in does the same way, as Meta documents it: the error answer
 * with its `fbtrace_id` (https://developers.facebook.com/docs/graph-api/guides/error-handling),
 * parameters read from the query or a form body, the version prefix, and the access token checked
 * with its `appsecret_proof` (https://developers.facebook.com/docs/graph-api/securing-requests).
 */
export type GraphError = { message: string; type: string; code: number; error_subcode?: number; is_transient?: boolean };

export function graphError(error: GraphError, status = 400, headers: Record<string, string> = {}): Response {
  return json({ error: { ...error, fbtrace_id: `A${randomBytes(8).toString('base64url')}` } }, status, {
    'www-authenticate': `OAuth "Facebook Platform" "${error.type}"`,
    ...headers,
  });
}

/** The request's parameters: the query, and a form body for POSTs (urlencoded or multipart, as `curl -F` sends). */
export async function paramsOf(received: Received): Promise<URLSearchParams> {
  const params = new URLSearchParams(received.query);
  if (received.method !== 'POST') return params;
  const type = received.headers.get('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) for (const [key, value] of new URLSearchParams(received.text)) params.append(key, value);
  if (type.startsWith('multipart/form-data')) {
    const form = await received.request.clone().formData();
    form.forEach((value, key) => {
      if (typeof value === 'string') params.append(key, value);
    });
  }
  return params;
}

/**
 * The path without its version, or Meta's answer to a path it does not know. Meta falls back to
 * the app's default version when none is given; the stand-in insists on the pinned one, so a call
 * that forgot it fails here rather than changing meaning when Meta's default moves.
 */
export function versionedPath(received: Received, version: string): string | Response {
  const prefix = `/${version}/`;
  if (received.path.startsWith(prefix)) return received.path.slice(prefix.length - 1);
  return graphError({ message: `Unknown path components: ${received.path}`, type: 'OAuthException', code: 2500 });
}

const invalidToken = () => graphError({ message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 });

const REVOKED_MESSAGES: Record<number, string> = {
  458: 'Error validating access token: The user has not authorized application.',
  460: 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
  467: 'Error validating access token: The session is invalid because the user logged out.',
};

/**
 * The call's token, if it is one of this product's, alive, and proven with the app secret;
 * otherwise the error Meta answers. The token may come as `access_token` or as a Bearer header.
 */
export function authenticate(world: MetaWorld, product: Product, params: URLSearchParams, received: Received): StandInToken | Response {
  const bearer = /^Bearer (.+)$/i.exec(received.headers.get('authorization') ?? '')?.[1];
  const value = params.get('access_token') ?? bearer;
  if (!value)
    return graphError({ message: 'An active access token must be used to query information about the current user.', type: 'OAuthException', code: 2500 });
  const token = world.token(value);
  if (!token || token.product !== product) return invalidToken();
  const proof = params.get('appsecret_proof');
  if (!proof) return graphError({ message: 'API calls from the server require an appsecret_proof argument', type: 'GraphMethodException', code: 100 });
  const expected = createHmac('sha256', world.apps[product].secret).update(value).digest('hex');
  if (proof !== expected) return graphError({ message: 'Invalid appsecret_proof provided in the API argument', type: 'GraphMethodException', code: 100 });
  if (token.revokedSubcode !== null) {
    return graphError({
      message: REVOKED_MESSAGES[token.revokedSubcode] ?? 'Error validating access token',
      type: 'OAuthException',
      code: 190,
      error_subcode: token.revokedSubcode,
    });
  }
  if (token.expiresAt !== null && token.expiresAt <= world.now()) {
    return graphError({
      message: `Error validating access token: Session has expired on ${new Date(token.expiresAt).toUTCString()}.`,
      type: 'OAuthException',
      code: 190,
      error_subcode: 463,
    });
  }
  return token;
}

/** A token the caller hands over to be exchanged or refreshed (no proof: those calls carry the app secret or are the token's own refresh). */
export function liveToken(world: MetaWorld, product: Product, value: string | null): StandInToken | Response {
  const token = value ? world.token(value) : undefined;
  if (!token || token.product !== product) return invalidToken();
  if (token.revokedSubcode !== null)
    return graphError({
      message: REVOKED_MESSAGES[token.revokedSubcode] ?? 'Error validating access token',
      type: 'OAuthException',
      code: 190,
      error_subcode: token.revokedSubcode,
    });
  if (token.expiresAt !== null && token.expiresAt <= world.now())
    return graphError({ message: 'Error validating access token: Session has expired.', type: 'OAuthException', code: 190, error_subcode: 463 });
  return token;
}

/** `fields=id,name,picture{url}` → the top-level field names. */
export function fieldsOf(params: URLSearchParams, fallback: string[]): string[] {
  const value = params.get('fields');
  if (!value) return fallback;
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '{') depth += 1;
    if (char === '}') depth -= 1;
    if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += char;
  }
  names.push(current);
  return names.map((name) => name.replace(/\{.*$/, '').replace(/\..*$/, '').trim()).filter(Boolean);
}

/** Only the fields asked for, as Graph answers (`id` always). */
export function pick(object: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([key]) => key === 'id' || fields.includes(key)));
}

/** The check every token endpoint makes: the client is the app, with its secret. */
export function clientOf(world: MetaWorld, product: Product, params: URLSearchParams): Response | null {
  const app = world.apps[product];
  if (params.get('client_id') !== null && params.get('client_id') !== app.id) {
    return graphError({ message: 'Error validating application. Invalid application ID.', type: 'OAuthException', code: 101 });
  }
  if (params.get('client_secret') !== app.secret) return graphError({ message: 'Error validating client secret.', type: 'OAuthException', code: 1 });
  return null;
}
