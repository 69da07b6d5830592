import createClient, { type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { components, paths } from './api-schema.gen';

export const API_BASE = '/api/v1';

/** A schema the API names in its OpenAPI document (`Post`, `Team`, `SocialAccount`…), as JSON. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];
export type ApiIssue = ApiSchema<'ValidationIssue'>;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<Path extends keyof paths, M extends Method> = NonNullable<paths[Path][M]>;
/** The JSON body a route takes, e.g. `ApiBody<'/team', 'post'>`. */
export type ApiBody<Path extends keyof paths, M extends Method> =
  Operation<Path, M> extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;
/** The query parameters a route takes. */
export type ApiQuery<Path extends keyof paths, M extends Method = 'get'> =
  Operation<Path, M> extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;
/** The JSON a route answers with on success (200 or 201). */
export type ApiAnswer<Path extends keyof paths, M extends Method> =
  Operation<Path, M> extends { responses: infer Responses }
    ? {
        [Status in keyof Responses]: Status extends 200 | 201
          ? Responses[Status] extends { content: { 'application/json': infer Body } }
            ? Body
            : never
          : never;
      }[keyof Responses]
    : never;

/** The API's error envelope `{ statusCode, message, issues? }` as a thrown value forms and toasts can show. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown, statusCode?: number): error is ApiError {
  return error instanceof ApiError && (statusCode === undefined || error.statusCode === statusCode);
}

/** The message to show a person for any failure, API or network. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** An error answer's body turned into an ApiError; a body that is not the envelope still says the status. */
export function apiErrorFrom(status: number, statusText: string, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const issues = 'issues' in body && Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : [];
    return new ApiError(status, body.message, issues);
  }
  return new ApiError(status, `The server answered ${status} ${statusText}`.trim());
}

// Cookie-authenticated changes must echo the session's CSRF token; the session endpoint hands it out.
let csrfToken: string | null = null;

/** Set from every session answer (sign-in, session read); cleared on sign-out. */
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

export async function currentCsrfToken(): Promise<string | null> {
  if (csrfToken) return csrfToken;
  const { data } = await api.GET('/auth/session');
  if (data) csrfToken = data.csrfToken;
  return csrfToken;
}

const csrfHeader: Middleware = {
  async onRequest({ request, schemaPath }) {
    // Sign-in itself has no session yet; every other change carries the token.
    if (request.method === 'GET' || schemaPath === '/auth/login') return undefined;
    const token = await currentCsrfToken();
    if (token) request.headers.set('x-csrf-token', token);
    return request;
  },
};

const client = createClient<paths>({ baseUrl: API_BASE, credentials: 'same-origin', headers: { accept: 'application/json' } });
client.use(csrfHeader);

type Init<Path extends keyof paths, M extends HttpMethod> = MaybeOptionalInit<paths[Path], M>;
/**
 * openapi-fetch's own signatures infer the options object as a type parameter, so a misspelt
 * query parameter slips through (no excess-property check on an inferred type). Here the options
 * are the route's exact type, so it does not compile.
 */
type StrictCall<M extends HttpMethod> = <Path extends PathsWithMethod<paths, M>>(
  path: Path,
  ...init: RequiredKeysOf<NonNullable<Init<Path, M>>> extends never ? [Init<Path, M>?] : [Init<Path, M>]
) => Promise<FetchResponse<NonNullable<paths[Path][M]>, Init<Path, M>, `${string}/${string}`>>;

/**
 * One client over the public `/api/v1` routes, the same ones API keys use, typed from the API's
 * OpenAPI document (`npm run gen:api-types`): a wrong path, parameter or body does not compile.
 */
export const api = client as unknown as {
  GET: StrictCall<'get'>;
  POST: StrictCall<'post'>;
  PUT: StrictCall<'put'>;
  PATCH: StrictCall<'patch'>;
  DELETE: StrictCall<'delete'>;
};

type Answer<Data> = { data?: Data; error?: unknown; response: Response };

/** The success body of a call, or its error envelope thrown as an ApiError. */
export async function ok<Data>(call: Promise<Answer<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw apiErrorFrom(response.status, response.statusText, error);
  return data as Data;
}
