import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { documentedOperations, fillPath, type Operation } from './openapi-operations';

/**
 * Spec: "While an organization is not enabled, every DM and Automation endpoint answers 404".
 * Every such route of the OpenAPI document, so a route added later is covered, gets bodies,
 * queries and ids that would each fail validation: the answer is still the 404, as the gate runs
 * before the validators (an organization must not learn the schemas from 400s).
 */
const t = await createTestApp();
const { operations } = await documentedOperations(t);

const GATES = [
  { feature: 'dms', other: 'automations', prefixes: ['/api/v1/conversations', '/api/v1/automation-rich-messages/', '/api/v1/social-account/messaging/'] },
  { feature: 'automations', other: 'dms', prefixes: ['/api/v1/automations', '/api/v1/automation-executions/', '/api/v1/automation-provider-settings'] },
] as const;

const INVALID_BODIES = ['{"bogus":1,"teamId":null}', '{', '[]'];

/** The requests that would answer 400 on an enabled organization: wrong path ids, queries and bodies. */
function invalidRequests(operation: Operation): { path: string; init: RequestInit }[] {
  const path = fillPath(operation.path, Object.fromEntries(operation.pathParams.map((name) => [name, 'x'.repeat(100)])));
  const query = operation.queryParams.length > 0 ? `?${operation.queryParams.map((name) => `${name}=-1`).join('&')}&bogus=1` : '?bogus=1';
  if (operation.bodyType !== 'application/json') return [{ path: `${path}${query}`, init: { method: operation.method } }];
  return INVALID_BODIES.map((body) => ({ path: `${path}${query}`, init: { method: operation.method, body, headers: { 'content-type': 'application/json' } } }));
}

describe('DM and automation routes of an organization without the feature', () => {
  for (const gate of GATES) {
    const gated = operations.filter((operation) => gate.prefixes.some((prefix) => operation.path.startsWith(prefix)));

    it(`covers every ${gate.feature} route of the document`, () => {
      expect(gated.length).toBeGreaterThanOrEqual(gate.feature === 'dms' ? 13 : 18);
    });

    // Enabled for the other feature, which must not open these routes; and for neither.
    for (const features of [[gate.other], []] as const) {
      it(`answer 404 "Not found" to invalid requests: ${gate.feature} off, ${features.join(', ') || 'nothing'} on`, async () => {
        const org = await t.createOrg('PRO', [...features]);
        const answers: string[] = [];
        for (const operation of gated) {
          for (const { path, init } of invalidRequests(operation)) {
            const response = await t.app.request(path, { ...init, headers: { ...init.headers, 'x-api-key': org.key } });
            const body = await response.text();
            if (response.status !== 404 || body !== '{"statusCode":404,"message":"Not found"}')
              answers.push(`${init.method} ${path} ${String(init.body)}: ${response.status} ${body}`);
          }
        }
        expect(answers).toEqual([]);
      });
    }
  }
});
