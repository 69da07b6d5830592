import { describe, expect, it } from 'vitest';
import { connectAccount } from '../posts/posts-test-kit';
import { LIVE_PLATFORMS_ENV } from '../test/live-platforms-env';
import { createTestApp } from '../test/test-app';
import { documentedOperations, fillPath, type JsonSchema, type Operation } from './openapi-operations';
import { jsonInit, routeFuzzer, sampleIds, type Failure } from './route-fuzz-kit';

/**
 * The route sweep again on an app with live connectors beside the sandbox (LIVE_PLATFORMS):
 * which connector a request reaches depends on that configuration, and a path that reaches the
 * wrong one (POST /sandbox/accounts handed sandbox credentials to the live Bluesky connector: a
 * 500) fails only there. Kept short, as route-fuzz.test.ts already sends every bad value: each
 * route once with a valid-looking request, then once per live platform wherever it names one
 * (a body's platform field, a platform filter, an account of that platform in the path).
 */
const t = await createTestApp({ env: LIVE_PLATFORMS_ENV });
const org = await t.createOrg('PRO', ['dms', 'automations']);
const { operations, resolve } = await documentedOperations(t);
const LIVE = LIVE_PLATFORMS_ENV.LIVE_PLATFORMS!.split(',');
// Sandbox accounts of the live platforms (connecting them is what failed): what is asked about
// them must stay in the sandbox.
const accounts = new Map<string, string>();
for (const type of LIVE) accounts.set(type, (await connectAccount(t, org.key, org.teamId, type)).id);
const known = { teamId: org.teamId, socialAccountId: accounts.get('MASTODON')! };
const { probe, propertiesOf, propertySchema, sampleOf } = routeFuzzer({ t, key: org.key, known, resolve });

/** Whether a property takes one platform type, a list of them, or neither. */
function platformChoice(schema: JsonSchema | undefined): 'one' | 'list' | null {
  const resolved = resolve(schema);
  if (!resolved) return null;
  if (resolved.enum?.some((value) => LIVE.includes(value as string))) return 'one';
  if (platformChoice(resolved.items) === 'one') return 'list';
  for (const part of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) {
    const choice = platformChoice(part);
    if (choice) return choice;
  }
  return null;
}

const PLATFORM_QUERY = /^(type|platform|platforms|socialAccountTypes?)$/;
const ACCOUNT_PATH_PARAM = /^(socialAccountId|accountId)$/;
const takesAccountId = (operation: Operation) =>
  operation.pathParams.some((name) => ACCOUNT_PATH_PARAM.test(name)) || /\/(sandbox\/accounts|social-account)\/\{id\}/.test(operation.path);

/** The path with `id` for its account parameter and `nope` for any other. */
function pathFor(operation: Operation, accountId?: string): string {
  const ids = sampleIds(operation, 'nope');
  if (accountId) for (const name of operation.pathParams) if (ACCOUNT_PATH_PARAM.test(name) || name === 'id') ids[name] = accountId;
  return fillPath(operation.path, ids);
}

function queryFor(operation: Operation, platform?: string): string {
  const values: Record<string, string | undefined> = { teamId: known.teamId, socialAccountId: known.socialAccountId };
  const params = operation.queryParams.flatMap((name) => {
    const value = PLATFORM_QUERY.test(name) ? platform : values[name];
    return value ? [`${name}=${encodeURIComponent(value)}`] : [];
  });
  return params.length > 0 ? `?${params.join('&')}` : '';
}

describe('route fuzzing with live platforms configured', { timeout: 120_000 }, () => {
  it('answers each JSON route, with every live platform where the body names one, without a 5xx', async () => {
    const failures: Failure[] = [];
    for (const operation of operations.filter((op) => op.bodyType === 'application/json')) {
      const base = sampleOf(operation.bodySchema);
      const send = (label: string, body: unknown, accountId?: string) =>
        probe(
          failures,
          `${operation.operationId} ${label}`,
          `${pathFor(operation, accountId)}${queryFor(operation)}`,
          jsonInit(operation.method, JSON.stringify(body)),
        );
      await send('sample', base);
      if (takesAccountId(operation)) for (const [type, id] of accounts) await send(`${type} account`, base, id);
      if (!base || typeof base !== 'object' || Array.isArray(base)) continue;
      for (const name of propertiesOf(operation.bodySchema)) {
        const choice = platformChoice(propertySchema(operation.bodySchema, name));
        if (!choice) continue;
        for (const platform of LIVE) await send(`${name}=${platform}`, { ...base, [name]: choice === 'one' ? platform : [platform] });
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers each read route, per live platform filter and account, without a 5xx', async () => {
    const failures: Failure[] = [];
    for (const operation of operations.filter((op) => op.method === 'GET')) {
      await probe(failures, operation.operationId, `${pathFor(operation)}${queryFor(operation)}`);
      const filters = operation.queryParams.some((name) => PLATFORM_QUERY.test(name));
      for (const [type, id] of accounts) {
        if (filters) await probe(failures, `${operation.operationId} ${type}`, `${pathFor(operation)}${queryFor(operation, type)}`);
        if (takesAccountId(operation))
          await probe(failures, `${operation.operationId} ${type} account`, `${pathFor(operation, id)}${queryFor(operation, type)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
