import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../test/fresh-database';
import { createOrgWithCli, startServerProcess, type ServerProcess } from '../test/processes';
import { startS3TestServer, type S3TestServer } from '../test/s3-test-server';
import { testMedia } from '../test/test-media';

/*
 * The scale-out of docs/operations.md, as separate processes: two `ROLE=api` instances behind one public URL
 * (a round-robin proxy here), one `ROLE=worker`, one Postgres database, one bucket, one secret
 * key, shared rate limits. It needs a Postgres server, so it runs in the Postgres pass of CI
 * (DATABASE_URL set) and is skipped on the embedded database, which one process owns.
 */
const SHORT_WINDOW_LIMIT = 40;

describe.skipIf(!process.env.DATABASE_URL)('several instances on one Postgres and one bucket', { timeout: 240_000 }, () => {
  let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let s3: S3TestServer;
  let balancer: http.Server;
  let publicUrl = '';
  const instances: { a?: ServerProcess; b?: ServerProcess; worker?: ServerProcess } = {};
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await freshDatabaseUrl('sd_scale');
    s3 = await startS3TestServer();
    // The load balancer: each request to the next API instance in turn.
    let turn = 0;
    balancer = http.createServer((request, response) => {
      const targets = [instances.a, instances.b].filter((instance) => instance?.child.exitCode === null);
      const target = new URL(targets[turn++ % targets.length]!.url);
      const forwarded = http.request(
        { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => response.writeHead(502).end());
      request.pipe(forwarded);
    });
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
    publicUrl = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
    env = {
      ...s3.env,
      DATABASE_URL: database.url!,
      PUBLIC_URL: publicUrl,
      SECRET_KEY: 'a-shared-secret-key-of-at-least-32-chars',
      DATA_DIR: 'memory://',
      SEED_DEMO: 'false',
      RATE_LIMIT_STORE: 'postgres',
      RATE_LIMIT_SHORT: String(SHORT_WINDOW_LIMIT),
      PUBLISH_RETRY_BASE_SECONDS: '1',
    };
    // The first instance migrates the new database; the others start beside it.
    instances.a = await startServerProcess({ ...env, ROLE: 'api' });
    [instances.b, instances.worker] = await Promise.all([startServerProcess({ ...env, ROLE: 'api' }), startServerProcess({ ...env, ROLE: 'worker' })]);
    // Three processes boot the whole app each: slow on a busy two-core machine.
  }, 180_000);

  afterAll(async () => {
    await Promise.all(Object.values(instances).map((instance) => instance?.stop()));
    await new Promise<void>((resolve) => balancer?.close(() => resolve()));
    await s3?.close();
    await database?.drop();
  });

  async function newOrganization() {
    const created = await createOrgWithCli({ DATABASE_URL: database.url, SECRET_KEY: env.SECRET_KEY, DATA_DIR: 'memory://' }, { name: `Scale ${Date.now()}` });
    return { key: created.apiKey, teamId: created.teamId };
  }

  const call = async (base: string, method: string, path: string, key: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined, text };
  };

  it('serves an upload made through one instance from the other, and publishes it once from the worker', async () => {
    const { key, teamId } = await newOrganization();
    const photo = await testMedia('square-1080.jpg');
    const form = new FormData();
    form.append('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
    form.append('teamId', teamId);
    const uploaded = await fetch(`${instances.a!.url}/api/v1/upload/create`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    expect(uploaded.status).toBe(200);
    const upload = (await uploaded.json()) as { id: string; url: string };
    // The link is the public one, whichever instance made it.
    expect(upload.url.startsWith(`${publicUrl}/media/`)).toBe(true);
    const onB = await fetch(upload.url.replace(publicUrl, instances.b!.url), { redirect: 'follow' });
    expect(onB.status).toBe(200);
    expect(Buffer.from(await onB.arrayBuffer()).equals(photo)).toBe(true);

    const account = await call(instances.b!.url, 'POST', '/sandbox/accounts', key, { teamId, type: 'INSTAGRAM' });
    expect(account.status, account.text).toBe(200);
    const post = await call(instances.b!.url, 'POST', '/post', key, {
      teamId,
      title: 'Across instances',
      postDate: new Date().toISOString(),
      socialAccountTypes: ['INSTAGRAM'],
      data: { INSTAGRAM: { text: 'Made on one instance, published by the worker', uploadIds: [upload.id] } },
    });
    expect(post.status, post.text).toBe(200);
    let state = await call(instances.a!.url, 'GET', `/post/${post.json.id}`, key);
    for (let i = 0; i < 300 && !['POSTED', 'ERROR'].includes(state.json.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = await call(instances.a!.url, 'GET', `/post/${post.json.id}`, key);
    }
    expect(state.json.status, JSON.stringify(state.json.errors ?? state.json)).toBe('POSTED');
    const items = await call(publicUrl, 'GET', `/sandbox/items?socialAccountId=${account.json.id}&limit=100`, key);
    const published = items.json.items.filter((item: { text: string }) => item.text === 'Made on one instance, published by the worker');
    expect(published).toHaveLength(1);
    // Every URL the worker wrote is the public one, never a process's own address.
    const written = JSON.stringify(state.json);
    for (const own of [instances.a!.url, instances.b!.url]) expect(written).not.toContain(own);
  });

  it('shares rate limits across the instances', async () => {
    const { key } = await newOrganization();
    const answers = await Promise.all(
      Array.from({ length: SHORT_WINDOW_LIMIT + 20 }, (_, i) => call(i % 2 === 0 ? instances.a!.url : instances.b!.url, 'GET', '/team', key)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SHORT_WINDOW_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('keeps answering through the other instance while one stops with SIGTERM mid-load', async () => {
    const { key } = await newOrganization();
    const failures: string[] = [];
    let answered = 0;
    let stopping = false;
    const loadOnB = (async () => {
      // Stays under the short window's limit of this organization: every answer should be a 200.
      for (let i = 0; i < SHORT_WINDOW_LIMIT - 5; i++) {
        const answer = await call(instances.b!.url, 'GET', '/team', key).catch((error: Error) => ({ status: 0, text: error.message }));
        if (answer.status !== 200) failures.push(`${answer.status} ${answer.text}`);
        answered += 1;
        if (i === 10) stopping = true;
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    while (!stopping) await new Promise((resolve) => setTimeout(resolve, 20));
    const exitCode = await instances.a!.stop('SIGTERM');
    await loadOnB;
    expect(exitCode).toBe(0);
    expect(answered).toBe(SHORT_WINDOW_LIMIT - 5);
    expect(failures).toEqual([]);
    // The balancer now sends everything to B.
    expect((await call(publicUrl, 'GET', '/team', (await newOrganization()).key)).status).toBe(200);
  });
});
