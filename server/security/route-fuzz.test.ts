import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectAccount } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { localPath } from '../uploads/uploads-test-kit';
import { testMedia } from '../test/test-media';
import { documentedOperations, fillPath } from './openapi-operations';
import { jsonInit, routeFuzzer, sampleIds, type Failure } from './route-fuzz-kit';

/**
 * Every operation of the OpenAPI document, fed bad path ids, bad queries and bad bodies, and the
 * upload routes damaged and oversized files: nothing may answer 5xx, and every JSON error is the
 * envelope. Small upload limits keep "oversized" cheap.
 */
const t = await createTestApp({
  env: { UPLOAD_MAX_SIMPLE_BYTES: String(256 * 1024), UPLOAD_MAX_IMAGE_BYTES: String(512 * 1024), UPLOAD_MAX_VIDEO_BYTES: String(1024 * 1024) },
});
const org = await t.createOrg('PRO', ['dms', 'automations']);
const { operations, resolve } = await documentedOperations(t);
const account = await connectAccount(t, org.key, org.teamId, 'MASTODON');
const { probe, propertiesOf, sampleOf } = routeFuzzer({ t, key: org.key, known: { teamId: org.teamId, socialAccountId: account.id }, resolve });

const LONE_SURROGATE = '\ud800';
const HUGE = 'h'.repeat(200_000);
const BAD_IDS = ['x', 'a'.repeat(5000), '%00', '%ED%A0%80', '%FF%FE', '..%2F..%2Fpackage.json', '%E2%80%AE', '-1', 'null', "1'OR'1'='1", '%F0%9F%92%A9'];
const BAD_QUERY_VALUES = [
  '',
  'abc',
  '-1',
  '1.5',
  '1e309',
  '99999999999999999999',
  'a'.repeat(10_000),
  '%ED%A0%80',
  'null',
  '[object Object]',
  '2026-13-45T99:99:99Z',
];
const WRONG_VALUES: unknown[] = [null, 'nul\u0000byte', 12345.678, true, `x${LONE_SURROGATE}y`, [null], { nested: { deep: [null] } }, HUGE, -1, [], ''];
/** Thousands deep inside an otherwise valid body: our own walks and serializers recurse per level. Sent as text (JSON.stringify recurses too). */
const DEEP_JSON = '['.repeat(5000) + ']'.repeat(5000);
const RAW_BODIES = [
  '{',
  '',
  'null',
  '[]',
  '"x"',
  '123',
  '{"a":',
  '\u0000',
  '{"__proto__":{"polluted":1}}',
  `{"name":"\\ud800"}`,
  '['.repeat(3000) + ']'.repeat(3000),
  '{"a":1}garbage',
];

// Each probe is quick, but there is one per route, bad value and property: the whole sweep outlives the default timeout on a busy machine.
describe('route fuzzing from the OpenAPI document', { timeout: 180_000 }, () => {
  it('covers the document', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('answers bad path ids without a 5xx', async () => {
    const failures: Failure[] = [];
    for (const operation of operations.filter((op) => op.pathParams.length > 0)) {
      for (const bad of BAD_IDS) {
        const path = fillPath(operation.path, sampleIds(operation, bad));
        await probe(
          failures,
          operation.operationId,
          path,
          operation.bodyType === 'application/json' ? jsonInit(operation.method, '{}') : { method: operation.method },
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers bad queries without a 5xx', async () => {
    const failures: Failure[] = [];
    for (const operation of operations.filter((op) => op.queryParams.length > 0)) {
      const path = fillPath(operation.path, sampleIds(operation, 'nope'));
      for (const name of operation.queryParams) {
        for (const bad of BAD_QUERY_VALUES) await probe(failures, operation.operationId, `${path}?${name}=${bad}`, { method: operation.method });
        await probe(failures, operation.operationId, `${path}?${name}=1&${name}=2`, { method: operation.method });
      }
    }
    expect(failures).toEqual([]);
  });

  // Every JSON route times every bad value: it grows with the route table (the inbox added eleven).
  it('answers bad JSON bodies (wrong types, huge strings, invalid JSON, nulls, lone surrogates) without a 5xx', { timeout: 240_000 }, async () => {
    const failures: Failure[] = [];
    for (const operation of operations.filter((op) => op.bodyType === 'application/json')) {
      const path = fillPath(operation.path, sampleIds(operation, 'nope'));
      const send = (body: string) => probe(failures, `${operation.operationId} ${body.slice(0, 160)}`, path, jsonInit(operation.method, body));
      for (const raw of RAW_BODIES) await send(raw);
      const properties = propertiesOf(operation.bodySchema);
      for (const value of WRONG_VALUES) {
        await send(JSON.stringify(Object.fromEntries(properties.map((name) => [name, value]))));
        for (const name of properties) await send(JSON.stringify({ [name]: value }));
      }
      // One bad property at a time inside an otherwise valid body, so the value goes deep.
      const base = sampleOf(operation.bodySchema);
      if (base && typeof base === 'object' && !Array.isArray(base)) {
        for (const name of properties) {
          for (const value of WRONG_VALUES) await send(JSON.stringify({ ...base, [name]: value }));
          await send(JSON.stringify({ ...base, [name]: 'DEEP_JSON' }).replace('"DEEP_JSON"', DEEP_JSON));
        }
      }
      // The right body in the wrong wrapping.
      await probe(failures, operation.operationId, path, { method: operation.method, body: '{}', headers: { 'content-type': 'text/plain' } });
      await probe(failures, operation.operationId, path, {
        method: operation.method,
        body: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    expect(failures).toEqual([]);
  });

  it('answers bad ids and bad forms on the public pages (consent, portal, avatars) without a 5xx', async () => {
    const failures: Failure[] = [];
    const connect = await t.request('POST', '/social-account/connect', {
      key: org.key,
      body: { teamId: org.teamId, type: 'REDDIT', redirectUrl: 'https://app.example.com/' },
    });
    const portal = await t.request('POST', '/social-account/create-portal-link', {
      key: org.key,
      body: { teamId: org.teamId, socialAccountTypes: ['REDDIT'] },
    });
    const consentPath = new URL(connect.json.url).pathname;
    const portalPath = new URL(portal.json.url).pathname;
    const pages = { cookie: 'none=1' };
    for (const bad of BAD_IDS) {
      await probe(failures, 'consent page', `/sandbox/connect/${bad}`, { headers: pages });
      await probe(failures, 'portal page', `/portal/${bad}`, { headers: pages });
      await probe(failures, 'avatar', `/sandbox/avatars/${bad}/${bad}.svg?name=${bad}`, { headers: pages });
    }
    const forms = [
      'decision=maybe',
      'decision=approve&profile=%00',
      `decision=approve&profile=${'p'.repeat(5000)}`,
      'decision=approve&profile=new&username=%00%ED%A0%80',
      'decision=approve&profile=new&permissions=publish&permissions=root&permissions=%00',
      'decision=approve&decision=deny',
      'type=%00',
      `type=${'t'.repeat(5000)}`,
      '%%%',
    ];
    for (const form of forms) {
      const init = { method: 'POST', body: form, headers: { ...pages, 'content-type': 'application/x-www-form-urlencoded' } };
      await probe(failures, `consent form ${form.slice(0, 60)}`, consentPath, init);
      await probe(failures, `portal form ${form.slice(0, 60)}`, `${portalPath}/connect`, init);
    }
    await probe(failures, 'consent form as JSON', consentPath, {
      method: 'POST',
      body: '{"decision":',
      headers: { ...pages, 'content-type': 'application/json' },
    });
    await probe(failures, 'consent form as multipart', consentPath, {
      method: 'POST',
      body: '--b\r\n',
      headers: { ...pages, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(failures).toEqual([]);
  });

  it('answers damaged, empty, mislabelled and oversized files on the upload routes without a 5xx', async () => {
    const failures: Failure[] = [];
    const png = await testMedia('link-card-1200x628.png');
    const jpg = await testMedia('square-1080.jpg');
    const mp4 = await testMedia('vertical-3s.mp4');
    const files: { name: string; bytes: Uint8Array; type?: string }[] = [
      { name: 'empty.png', bytes: new Uint8Array() },
      { name: 'truncated.png', bytes: png.subarray(0, 2000) },
      { name: 'header-only.png', bytes: png.subarray(0, 33) },
      { name: 'png-then-noise.png', bytes: Buffer.concat([png.subarray(0, 64), randomBytes(4096)]) },
      { name: 'truncated.jpg', bytes: jpg.subarray(0, 3000) },
      { name: 'truncated.mp4', bytes: mp4.subarray(0, 4096) },
      { name: 'ftyp-only.mp4', bytes: Buffer.concat([mp4.subarray(0, 32), randomBytes(2048)]) },
      { name: 'noise.bin', bytes: randomBytes(8192) },
      { name: 'mislabelled.png', bytes: jpg, type: 'video/mp4' },
      { name: `surrogate${LONE_SURROGATE}.png`, bytes: png.subarray(0, 100) },
      { name: 'oversized.png', bytes: Buffer.concat([png.subarray(0, 64), randomBytes(300 * 1024)]) },
    ];
    const multipartRoutes = operations.filter((op) => op.bodyType === 'multipart/form-data');
    expect(multipartRoutes.length).toBeGreaterThan(0);
    for (const operation of multipartRoutes) {
      for (const file of files) {
        const form = new FormData();
        form.append('file', new File([new Uint8Array(file.bytes)], file.name, file.type ? { type: file.type } : {}));
        await probe(failures, `${operation.operationId} ${file.name}`, operation.path, { method: 'POST', body: form });
      }
      const extraField = new FormData();
      extraField.append('file', new File([new Uint8Array(png)], 'a.png'));
      extraField.append('teamId', HUGE);
      extraField.append('unexpected', 'x');
      await probe(failures, `${operation.operationId} bad fields`, operation.path, { method: 'POST', body: extraField });
      const broken = ['--b\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', '--b--\r\n', 'no multipart at all'];
      for (const body of broken) {
        await probe(failures, `${operation.operationId} broken framing`, operation.path, {
          method: 'POST',
          body,
          headers: { 'content-type': 'multipart/form-data; boundary=b' },
        });
      }
      await probe(failures, `${operation.operationId} no boundary`, operation.path, {
        method: 'POST',
        body: 'x',
        headers: { 'content-type': 'multipart/form-data' },
      });
    }

    // The three-step flow: damaged bytes through the signed PUT, then finalize.
    for (const file of files.filter((f) => f.bytes.length > 0 && f.bytes.length < 256 * 1024)) {
      const init = await t.request('POST', '/upload/init', { key: org.key, body: { fileName: 'x.png', mimeType: 'image/png', fileSize: file.bytes.length } });
      expect(init.status, JSON.stringify(init.json)).toBe(200);
      const putUrl = localPath(init.json.uploadUrl ?? init.json.url);
      await probe(failures, `put ${file.name}`, putUrl, {
        method: 'PUT',
        body: new Uint8Array(file.bytes),
        headers: { 'content-type': 'application/octet-stream' },
      });
      await probe(failures, `finalize ${file.name}`, '/api/v1/upload/finalize', jsonInit('POST', JSON.stringify({ path: init.json.path })));
    }
    const tooBig = await t.request('POST', '/upload/init', { key: org.key, body: { fileName: 'x.png', mimeType: 'image/png', fileSize: 100 } });
    const putUrl = localPath(tooBig.json.uploadUrl ?? tooBig.json.url);
    await probe(failures, 'put more than declared', putUrl, {
      method: 'PUT',
      body: randomBytes(4096),
      headers: { 'content-type': 'application/octet-stream' },
    });
    await probe(failures, 'put with a bad signature', putUrl.replace(/signature=[^&]+/, 'signature=%ED%A0%80'), { method: 'PUT', body: 'x' });
    await probe(failures, 'put with a bad token', '/uploads/put/%ED%A0%80?expires=abc&signature=x', { method: 'PUT', body: 'x' });
    expect(failures).toEqual([]);
  });
});
