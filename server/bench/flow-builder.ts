/**
 * `npm run bench:flow-builder`: does the flow builder stay fluid at 100 steps? Starts the server
 * as shipped (built dashboard, embedded database in a scratch directory), makes a flow of 5 and
 * one of 100 steps through the API, opens each in Chromium (headless, /usr/bin/chromium when
 * installed) and prints, for both and as a ratio 100 / 5:
 *   - time to render: from navigation until every node is on the canvas;
 *   - frame times while panning the canvas (the mouse dragging it for about 1.5 s);
 *   - adding a step from the palette: time until the new node shows, and the frames meanwhile;
 *   - typing into the selected node's form (one keystroke: time until the node shows the text).
 * Frames are timed with requestAnimationFrame in the page; headless Chromium without a GPU
 * paints in software, so absolute numbers are high and the ratios are what to compare.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Page } from '@playwright/test';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIZES = [5, 100] as const;
const ROUNDS = Number(process.env.BENCH_FLOW_BUILDER_ROUNDS ?? 5);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-flow-builder-'));
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const baseURL = `http://127.0.0.1:${port}`;
const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };

await run('npx', ['tsx', 'server/scripts/ensure-web-build.ts'], { cwd: repoRoot, env, timeout: 600_000 });
const server = spawn('npx', ['tsx', 'server/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
const stopServer = () => {
  if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
};
process.on('exit', () => {
  stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not start');
}

/** The operator CLI, as the E2E fixtures use it: it reaches the running server through its admin socket. */
async function admin(...args: string[]) {
  const { stdout } = await run('npx', ['tsx', 'server/admin/cli.ts', ...args], { cwd: repoRoot, env, timeout: 120_000 });
  return stdout.trim().split('\n').at(-1)!;
}

async function api<T>(key: string, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}/api/v1${route}`, {
    method,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A DM flow of `size` steps: conditions and messages taking turns, as a long flow would. */
function definition(accountId: string, size: number) {
  const steps = Array.from({ length: size }, (_, index) =>
    index % 2 === 0
      ? { id: `check_${index + 1}`, type: 'CONDITION', conditions: [{ field: 'TEXT', operator: 'CONTAINS', value: `word ${index + 1}` }] }
      : {
          id: `answer_${index + 1}`,
          type: 'SEND_MESSAGE',
          message: { text: `Answer number ${index + 1}: https://example.com/${index + 1}`, quickReplies: [{ label: 'More', payload: `MORE_${index + 1}` }] },
        },
  );
  return { trigger: { type: 'DM_RECEIVED', platform: 'FACEBOOK', socialAccountId: accountId, keywords: ['price'] }, steps };
}

type Frames = { count: number; median: number; p95: number; max: number };

/** Starts timing frames in the page; the returned function stops and summarizes them. */
async function recordFrames(page: Page): Promise<() => Promise<Frames>> {
  // A string, not a function: tsx's helpers (`__name`) do not exist in the page.
  await page.evaluate(`(() => {
    const state = { deltas: [], last: performance.now(), on: true };
    window.__frames = state;
    const tick = (now) => {
      state.deltas.push(now - state.last);
      state.last = now;
      if (state.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  return async () => {
    const deltas = await page.evaluate(() => {
      const state = (window as unknown as { __frames: { deltas: number[]; on: boolean } }).__frames;
      state.on = false;
      return state.deltas.slice(1);
    });
    const sorted = [...deltas].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { count: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
  };
}

type Measure = { render: number; pan: Frames; add: number; addFrames: Frames; keystroke: number };

async function measure(page: Page, flowId: string, size: number): Promise<Measure> {
  const nodes = page.locator('.react-flow__node');
  await page.goto(`${baseURL}/automations/${flowId}`);
  await page.waitForFunction((expected) => document.querySelectorAll('.react-flow__node').length === expected, size + 1, { timeout: 60_000 });
  const render = await page.evaluate(() => performance.now());

  // Panning: drag the empty canvas back and forth.
  const pane = page.locator('.react-flow__pane');
  const box = (await pane.boundingBox())!;
  const stopPan = await recordFrames(page);
  await page.mouse.move(box.x + box.width - 30, box.y + 30);
  await page.mouse.down();
  for (let step = 0; step < 90; step += 1) {
    const phase = (step % 30) / 30;
    await page.mouse.move(box.x + box.width - 30 - phase * 200, box.y + 30 + phase * 150);
  }
  await page.mouse.up();
  const pan = await stopPan();

  // Adding a message after the selected trigger.
  const stopAdd = await recordFrames(page);
  const addStarted = await page.evaluate(() => performance.now());
  await page
    .getByRole('navigation', { name: 'Add a step' })
    .getByRole('button', { name: /^Archive conversation/ })
    .click();
  await page.waitForFunction((expected) => document.querySelectorAll('.react-flow__node').length === expected, size + 2);
  const add = (await page.evaluate(() => performance.now())) - addStarted;
  await page.waitForTimeout(300);
  const addFrames = await stopAdd();

  // One keystroke in a message form, until its node says it.
  // Selected by its click handler: on a long flow the node may be out of view, which is not what is timed.
  await nodes.filter({ hasText: 'answer_2' }).first().dispatchEvent('click');
  const text = page.getByRole('form', { name: 'Send a message settings' }).getByLabel('Message');
  await text.focus();
  await page.keyboard.press('End');
  const typed = await page.evaluate(() => performance.now());
  await page.keyboard.type('!');
  await page.waitForFunction(() => [...document.querySelectorAll('.react-flow__node')].some((node) => node.textContent?.includes('/2!”')));
  const keystroke = (await page.evaluate(() => performance.now())) - typed;
  return { render, pan, add, addFrames, keystroke };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

try {
  await waitForServer();
  const org = JSON.parse(await admin('create-org', '--name', 'Bench flow builder', '--plan', 'BUSINESS', '--enable', 'dms,automations', '--json')) as {
    organizationId: string;
    teamId: string;
    apiKey: string;
  };
  const email = `bench-${Date.now()}@example.com`;
  const password = `bench-password-${Date.now()}`;
  await admin('create-user', '--org', org.organizationId, '--email', email, '--password', password);
  const account = await api<{ id: string }>(org.apiKey, 'POST', '/sandbox/accounts', {
    teamId: org.teamId,
    type: 'FACEBOOK',
    channelName: 'Bench page',
    grantMessaging: true,
  });
  await api(org.apiKey, 'POST', '/social-account/messaging/enable', { teamId: org.teamId, type: 'FACEBOOK' });
  const flows = new Map<number, string>();
  for (const size of SIZES) {
    const flow = await api<{ id: string }>(org.apiKey, 'POST', '/automations', {
      teamId: org.teamId,
      name: `${size} steps`,
      platformScope: 'FACEBOOK',
      definition: definition(account.id, size),
    });
    flows.set(size, flow.id);
  }

  const systemChromium = '/usr/bin/chromium';
  const browser = await chromium.launch({
    executablePath: existsSync(systemChromium) ? systemChromium : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const login = await page.request.post(`${baseURL}/api/v1/auth/login`, { data: { email, password } });
  if (!login.ok()) throw new Error(`login: ${login.status()}`);
  // Warm-up: the editor's chunk and the API's first answers are not what is measured.
  await measure(page, flows.get(SIZES[0])!, SIZES[0]);

  const results = new Map<number, Measure[]>(SIZES.map((size) => [size, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const size of SIZES) {
      // Each round starts from the saved flow: the added step was never saved.
      results.get(size)!.push(await measure(page, flows.get(size)!, size));
    }
  }
  await browser.close();

  const summary = (size: number) => {
    const all = results.get(size)!;
    return {
      render: median(all.map((one) => one.render)),
      panMedian: median(all.map((one) => one.pan.median)),
      panP95: median(all.map((one) => one.pan.p95)),
      panMax: median(all.map((one) => one.pan.max)),
      add: median(all.map((one) => one.add)),
      addP95: median(all.map((one) => one.addFrames.p95)),
      keystroke: median(all.map((one) => one.keystroke)),
    };
  };
  const small = summary(SIZES[0]);
  const large = summary(SIZES[1]);
  const rows: [string, keyof typeof small][] = [
    ['time to render (navigation → all nodes)', 'render'],
    ['pan: frame time, median', 'panMedian'],
    ['pan: frame time, p95', 'panP95'],
    ['pan: longest frame', 'panMax'],
    ['add a step: until the node shows', 'add'],
    ['add a step: frame time p95', 'addP95'],
    ['one keystroke in a form: until the node shows it', 'keystroke'],
  ];
  console.log(`Flow builder, medians of ${ROUNDS} rounds (headless Chromium, software paint)`);
  console.log(`${'measure'.padEnd(52)}${`${SIZES[0]} steps`.padStart(12)}${`${SIZES[1]} steps`.padStart(12)}${'ratio'.padStart(8)}`);
  for (const [label, key] of rows) {
    console.log(`${label.padEnd(52)}${ms(small[key]).padStart(12)}${ms(large[key]).padStart(12)}${`${(large[key] / small[key]).toFixed(2)}×`.padStart(8)}`);
  }
} finally {
  stopServer();
}
process.exit(0);
