/**
 * `npm run bench:web` (second half): the posts page opened cold, as a person does after `npm start`.
 * Starts the product with `npm start` on a scratch data directory (it builds the dashboard when stale
 * and seeds the demo organization), signs in as the demo user, and opens /posts in Chromium
 * (headless, out of process, /usr/bin/chromium when installed) with an empty cache, several times:
 * as browsers ask (brotli or gzip), and as a baseline in the same run with `Accept-Encoding: identity`,
 * i.e. what every load cost before the server compressed anything. Prints, as medians:
 *   - LCP (largest contentful paint, from the browser's own PerformanceObserver);
 *   - bytes transferred (headers and bodies as they came over the wire, every request of the load);
 * and the ratio compressed / identity, beside the targets (LCP ≤ 1.2 s, ≤ 250 KB).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { freePort } from '../test/free-port';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 5);
const LCP_TARGET_MS = 1200;
const BYTES_TARGET = 250 * 1024;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-first-page-'));
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const baseURL = `http://127.0.0.1:${port}`;

// `npm start`, exactly as the README says, in its own process group so it stops as a whole.
const product = spawn('npm', ['start'], {
  cwd: repoRoot,
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
const productStopped = new Promise<void>((resolve) => product.once('exit', () => resolve()));
/** Stops the product's whole process group and waits for it: its open pipe would keep this script alive. */
async function stopProduct() {
  if (product.pid && product.exitCode === null && product.signalCode === null) process.kill(-product.pid, 'SIGTERM');
  await productStopped;
}
process.on('exit', () => {
  if (product.pid && product.exitCode === null && product.signalCode === null) process.kill(-product.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The demo login the first start prints, once the product is listening. */
const demoLogin = await new Promise<{ email: string; password: string }>((resolve, reject) => {
  let printed = '';
  product.stdout!.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
    const email = /Login:\s+(\S+)/.exec(printed)?.[1];
    const password = /Password:\s+(\S+)/.exec(printed)?.[1];
    if (email && password) resolve({ email, password });
  });
  product.once('exit', (code) => reject(new Error(`npm start ended (${code}) before printing the demo login:\n${printed}`)));
});

type Load = { lcpMs: number; bytes: number; requests: number };

async function loadPostsPage(browser: Browser, encoding: 'browser' | 'identity'): Promise<Load> {
  // A new context is a new profile: empty HTTP cache, no service worker, only the session cookie.
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    extraHTTPHeaders: encoding === 'identity' ? { 'accept-encoding': 'identity' } : {},
  });
  const signIn = await context.request.post('/api/v1/auth/login', { data: demoLogin });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Per request, what came over the wire, headers included: the total when it finished loading, or
  // what arrived so far for the live event stream, which never finishes.
  const wire = new Map<string, number>();
  cdp.on('Network.dataReceived', (event) => wire.set(event.requestId, (wire.get(event.requestId) ?? 0) + event.encodedDataLength));
  cdp.on('Network.loadingFinished', (event) => wire.set(event.requestId, event.encodedDataLength));
  const requestCount = () => wire.size;

  await page.goto('/posts', { waitUntil: 'commit' });
  await page.getByRole('list', { name: 'Posts' }).getByRole('listitem').first().waitFor({ timeout: 60_000 });
  // Settled: no new request for a second (the page's lazy extras, the review badge, arrive after).
  let seen = -1;
  while (seen !== requestCount()) {
    seen = requestCount();
    await page.waitForTimeout(1000);
  }
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      }),
  );
  const bytes = [...wire.values()].reduce((sum, length) => sum + length, 0);
  await context.close();
  return { lcpMs, bytes, requests: requestCount() };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const browser = await chromium.launch({
  headless: true,
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  // One load first that is not counted: the server's own first requests (reading the build, the
  // first JSON schemas compiled) are not what a visitor of a running server waits for.
  await loadPostsPage(browser, 'browser');
  const results: Record<'browser' | 'identity', Load[]> = { browser: [], identity: [] };
  // Interleaved, so a slower moment of the machine weighs on both alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    results.browser.push(await loadPostsPage(browser, 'browser'));
    results.identity.push(await loadPostsPage(browser, 'identity'));
  }
  const summary = (loads: Load[]) => ({
    lcpMs: median(loads.map((load) => load.lcpMs)),
    bytes: median(loads.map((load) => load.bytes)),
    requests: median(loads.map((load) => load.requests)),
  });
  const compressed = summary(results.browser);
  const identity = summary(results.identity);
  console.log(`Posts page, cold cache, signed in as the demo user (Chromium, median of ${ROUNDS}):`);
  console.log(`                                    LCP        transferred   requests`);
  console.log(
    `  compressed (as browsers ask)   ${`${compressed.lcpMs.toFixed(0)} ms`.padStart(8)}   ${kB(compressed.bytes).padStart(11)}   ${compressed.requests}`,
  );
  console.log(`  identity (baseline)            ${`${identity.lcpMs.toFixed(0)} ms`.padStart(8)}   ${kB(identity.bytes).padStart(11)}   ${identity.requests}`);
  console.log(
    `  ratio compressed / identity    ${(compressed.lcpMs / identity.lcpMs).toFixed(2).padStart(8)}   ${(compressed.bytes / identity.bytes).toFixed(2).padStart(11)}`,
  );
  const lcpOk = compressed.lcpMs <= LCP_TARGET_MS;
  const bytesOk = compressed.bytes <= BYTES_TARGET;
  console.log(`  targets: LCP ≤ ${LCP_TARGET_MS} ms ${lcpOk ? 'ok' : 'MISSED'}, transferred ≤ ${kB(BYTES_TARGET)} ${bytesOk ? 'ok' : 'MISSED'}`);
} finally {
  await browser.close();
  await stopProduct();
}
