import type { createTestApp } from '../test/test-app';
import type { JsonSchema, Operation } from './openapi-operations';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type Failure = { request: string; status: number; body: string };

/** This organization's real ids, so a sample body travels as deep as the route goes. */
export type Known = { teamId: string; socialAccountId: string };

export type FuzzTarget = {
  t: TestApp;
  key: string;
  known: Known;
  resolve: (schema?: JsonSchema) => JsonSchema | undefined;
};

export const jsonInit = (method: string, body: string): RequestInit => ({ method, body, headers: { 'content-type': 'application/json' } });

export function sampleIds(operation: Operation, value: string) {
  return Object.fromEntries(operation.pathParams.map((name) => [name, value]));
}

/**
 * The route fuzz tests' tools for one app and organization: a probe that records any 5xx or
 * non-envelope error, and bodies built from the OpenAPI document.
 */
export function routeFuzzer({ t, key, known, resolve }: FuzzTarget) {
  async function probe(failures: Failure[], label: string, path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has('x-api-key') && !headers.has('cookie')) headers.set('x-api-key', key);
    const response = await t.app.request(path, { ...init, headers });
    const type = response.headers.get('content-type') ?? '';
    // A stream that opened (valid input) is not what is being probed here.
    const body = type.includes('event-stream') ? (await response.body?.cancel(), '') : await response.text();
    const record = (why: string) =>
      failures.push({ request: `${label} ${init.method ?? 'GET'} ${path.slice(0, 120)} (${why})`, status: response.status, body: body.slice(0, 200) });
    if (response.status >= 500) return record('5xx');
    if (response.status >= 400 && type.includes('json')) {
      let parsed: { statusCode?: unknown; message?: unknown } | undefined;
      try {
        parsed = JSON.parse(body);
      } catch {
        return record('error body is not JSON');
      }
      if (parsed?.statusCode !== response.status || typeof parsed.message !== 'string') record('not the error envelope');
    }
  }

  function propertiesOf(schema?: JsonSchema): string[] {
    const resolved = resolve(schema);
    if (!resolved) return [];
    const nested = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])].flatMap((part) => propertiesOf(part));
    return [...new Set([...Object.keys(resolved.properties ?? {}), ...nested])];
  }

  /** A property's schema wherever the body schema declares it (its variants included). */
  function propertySchema(schema: JsonSchema | undefined, name: string): JsonSchema | undefined {
    const resolved = resolve(schema);
    if (!resolved) return undefined;
    if (resolved.properties?.[name]) return resolve(resolved.properties[name]);
    for (const part of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])]) {
      const found = propertySchema(part, name);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * A body that passes validation as far as the schema tells: required properties from their
   * examples, enums, formats and bounds, with this organization's real team and account ids, so
   * one bad property at a time travels as deep as the route goes (to the database, say).
   */
  function sampleOf(schema: JsonSchema | undefined, name = ''): unknown {
    const resolved = resolve(schema) as
      (JsonSchema & { example?: unknown; format?: string; minLength?: number; minimum?: number; minItems?: number }) | undefined;
    if (!resolved) return 'sample';
    if (name === 'teamId') return known.teamId;
    if (name === 'socialAccountId') return known.socialAccountId;
    if (resolved.enum) return resolved.enum.includes('MASTODON') ? 'MASTODON' : resolved.enum[0];
    if (resolved.example !== undefined) return resolved.example;
    const variant = resolved.anyOf?.[0] ?? resolved.oneOf?.[0];
    if (variant) return sampleOf(variant, name);
    if (resolved.allOf) return Object.assign({}, ...resolved.allOf.map((part) => sampleOf(part, name)));
    const type = Array.isArray(resolved.type) ? resolved.type.find((candidate) => candidate !== 'null') : resolved.type;
    if (type === 'object') {
      return Object.fromEntries((resolved.required ?? []).map((key) => [key, sampleOf(resolved.properties?.[key], key)]));
    }
    if (type === 'array') return Array.from({ length: resolved.minItems ?? 0 }, () => sampleOf(resolved.items, name));
    if (type === 'integer' || type === 'number') return resolved.minimum ?? 1;
    if (type === 'boolean') return false;
    // Loopback: the SSRF guard refuses it at once, so no probe waits on the network.
    if (resolved.format === 'uri' || resolved.format === 'url') return 'https://127.0.0.1/sample';
    if (resolved.format === 'email') return 'fuzz@example.com';
    if (resolved.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
    return 's'.repeat(Math.max(1, resolved.minLength ?? 1));
  }

  return { probe, propertiesOf, propertySchema, sampleOf };
}
