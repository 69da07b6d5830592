import type { ErrorBody } from '../../../server/http/error-schema';

export const API_BASE = '/api/v1';

export type ApiIssue = NonNullable<ErrorBody['issues']>[number];

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

type Query = Record<string, string | number | boolean | undefined>;
type RequestOptions = { query?: Query; body?: unknown; signal?: AbortSignal };
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

// Cookie-authenticated changes must echo the session's CSRF token; the session endpoint hands it out.
let csrfToken: string | null = null;

/** Set from every session answer (sign-in, session read); cleared on sign-out. */
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

async function currentCsrfToken(): Promise<string | null> {
  if (csrfToken) return csrfToken;
  const response = await fetch(`${API_BASE}/auth/session`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (response.ok) csrfToken = ((await response.json()) as { csrfToken: string }).csrfToken;
  return csrfToken;
}

function urlFor(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const issues = 'issues' in body && Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : [];
    return new ApiError(response.status, body.message, issues);
  }
  return new ApiError(response.status, `The server answered ${response.status} ${response.statusText}`.trim());
}

async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // Sign-in itself has no session yet; every other change carries the token.
  if (method !== 'GET' && path !== '/auth/login') {
    const token = await currentCsrfToken();
    if (token) headers['x-csrf-token'] = token;
  }
  const response = await fetch(urlFor(path, options.query), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** One client over the public `/api/v1` routes, the same ones API keys use. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...options, body }),
  // Some DELETE routes take a JSON body (social-account/disconnect addresses the account by team and type).
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
