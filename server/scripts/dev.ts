/**
 * `npm run dev`: the API server under `tsx watch` (restarts on server changes) and the Vite dev
 * server (hot reload for the dashboard, proxying /api, /docs and /healthz to the API). Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apiHost = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.PORT ?? '3000';
// Read by vite.config.ts for its proxy.
process.env.API_URL ??= `http://${apiHost === '0.0.0.0' ? '127.0.0.1' : apiHost}:${apiPort}`;

const api = spawn(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/main.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
});
// A spawn that fails (EAGAIN, ENOMEM) emits 'error' and maybe never 'exit': say so and stop
// (Vite runs in this process), rather than crash on an unhandled 'error' event.
api.once('error', (error) => {
  process.stderr.write(`Could not start the API server: ${error.message}\n`);
  process.exit(1);
});

const vite = await createServer({ configFile: path.join(repoRoot, 'vite.config.ts') });
await vite.listen();
vite.printUrls();
process.stdout.write(`  Dashboard with hot reload at the URL above; API at ${process.env.API_URL}\n\n`);

let stopping = false;
async function stop(exitCode: number, signal?: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  const apiExited = api.exitCode !== null || api.signalCode !== null ? Promise.resolve() : new Promise((resolve) => api.once('exit', resolve));
  // Ctrl-C reaches tsx watch too (same process group): a second signal would make it kill the
  // server before it drains. Forward SIGTERM, and nudge only if a lone SIGINT did not reach it.
  if (signal === 'SIGTERM') api.kill('SIGTERM');
  const nudge = setTimeout(() => api.kill('SIGTERM'), 3_000);
  // The server drains requests and jobs on SIGTERM; do not wait forever on a stuck one.
  const force = setTimeout(() => api.kill('SIGKILL'), 15_000);
  // A Vite that fails to close must not keep dev mode from stopping the server and exiting.
  const viteClosed = vite.close().catch((error: unknown) => process.stderr.write(`Vite did not close cleanly: ${String(error)}\n`));
  await Promise.all([viteClosed, apiExited]);
  clearTimeout(nudge);
  clearTimeout(force);
  process.exit(exitCode);
}

process.on('SIGINT', () => void stop(0, 'SIGINT'));
process.on('SIGTERM', () => void stop(0, 'SIGTERM'));
// tsx watch survives server crashes and restarts on the next save; if it exits, dev mode is over.
api.on('exit', (code) => void stop(code ?? 1));
