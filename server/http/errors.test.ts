import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

const t = await createTestApp();
t.app.get('/api/v1/__explode', () => {
  throw new Error('connection string postgres://secret@db/internal');
});

describe('error envelope', () => {
  it('answers unknown routes with 404', async () => {
    const { key } = await t.createOrg();
    const response = await t.request('GET', '/no-such-thing', { key });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ statusCode: 404, message: 'Route GET /api/v1/no-such-thing not found' });
    const outside = await t.app.request('/nothing-here');
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ statusCode: 404 });
  });

  it('answers unexpected failures with 500 and no internals', async () => {
    const { key } = await t.createOrg();
    const response = await t.request('GET', '/__explode', { key });
    expect(response.status).toBe(500);
    expect(response.json).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(response.text).not.toContain('secret');
  });

  it('answers a body that is not JSON with 400', async () => {
    const { key } = await t.createOrg();
    const response = await t.request('POST', '/team', { key, rawBody: 'name=Marketing' });
    expect(response.status).toBe(400);
    expect(response.json.statusCode).toBe(400);
  });
});

describe('health and API reference', () => {
  it('reports the service and every platform', async () => {
    const { key } = await t.createOrg();
    const response = await t.request('GET', '/', { key });
    expect(response.status).toBe(200);
    expect(response.json.status).toBe('ok');
    // All fifteen, SNAPCHAT included (the published client requires its entry).
    expect(Object.keys(response.json.platforms)).toHaveLength(15);
    expect(response.json.platforms.SNAPCHAT).toMatchObject({ status: 'operational' });
    expect(response.json.platforms.INSTAGRAM).toEqual({ status: 'operational', note: 'Simulated by the built-in sandbox' });
    expect((await t.app.request('/healthz')).status).toBe(200);
  });

  it('serves an OpenAPI 3 document generated from the routes', async () => {
    const response = await t.app.request('/api/v1/openapi.json');
    const doc = await response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('1.0.0');
    for (const path of ['/api/v1/team', '/api/v1/team/{id}', '/api/v1/organization', '/api/v1', '/api/v1/api-keys']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, { operationId?: string }>));
    expect(operations.every((operation) => typeof operation.operationId === 'string')).toBe(true);
    expect(doc.components.schemas.Error.properties).toHaveProperty('issues');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
  });

  it('renders the reference page from local assets only', async () => {
    const page = await t.app.request('/docs');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('/docs/assets/reference-init.js');
    expect(await (await t.app.request('/docs/assets/reference-init.js')).text()).toContain('/api/v1/openapi.json');
    expect(html).not.toMatch(/(src|href)="https?:/);
    const bundle = await t.app.request('/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect((await t.app.request('/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });
});
