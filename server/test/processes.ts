import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = { child: ChildProcess; url: string; output: () => string; stop(signal?: NodeJS.Signals): Promise<number | null> };

/**
 * Starts `server/main.ts` as a real process and resolves once it prints its dashboard URL (a
 * `ROLE=worker` process serves no dashboard: it resolves once it says it runs, with an empty url).
 */
export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    // A first start seeds the demo organization before it prints anything: slow on a busy machine.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 150_000);
    const check = () => {
      // This process's own address: `Listening on:` when a PUBLIC_URL names another one.
      const match = output.match(/Listening on:\s+(\S+)/) ?? output.match(/Dashboard:\s+(\S+)/);
      const worker = env.ROLE === 'worker' && output.includes('SocialDesk is running');
      if ((match || worker) && output.includes('\n\n')) {
        clearTimeout(timer);
        resolve(match?.[1] ?? '');
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    // Without a listener, a spawn that fails (EAGAIN, ENOMEM) would throw in the test runner.
    child.once('error', reject);
  });
  return {
    child,
    url,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Starts `server/main.ts` for a start that is expected to fail: resolves with its exit code and
 * output once it exits, or kills it after `timeoutMs` (then `code` is null).
 */
export function runServerToExit(env: Record<string, string | undefined>, timeoutMs = 120_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs the operator CLI as an operator would, returning its exit code and output. */
export function runCli(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** An organization made as an operator makes one (the CLI, through the running server's admin socket). */
export async function createOrgWithCli(
  env: Record<string, string | undefined>,
  options: { name: string; plan?: 'FREE' | 'PRO' | 'BUSINESS'; enable?: string[] },
): Promise<{ organizationId: string; teamId: string; apiKey: string }> {
  const enable = options.enable?.length ? ['--enable', options.enable.join(',')] : [];
  const created = await runCli(['create-org', '--name', options.name, '--plan', options.plan ?? 'PRO', ...enable, '--json'], env);
  if (created.code !== 0) throw new Error(`create-org exited with ${created.code}:\n${created.stderr}`);
  return JSON.parse(created.stdout.trim().split('\n').at(-1)!) as { organizationId: string; teamId: string; apiKey: string };
}

export type ProcessApi = (method: string, pathname: string, body?: unknown) => Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The API of a server process, as a client with an API key calls it (JSON, or a FormData upload). */
export function processApi(url: string, key: string): ProcessApi {
  return async (method, pathname, body) => {
    const response = await fetch(`${url}/api/v1${pathname}`, {
      method,
      headers: { 'x-api-key': key, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };
}

/** Probes until `done` holds or `seconds` pass, and answers the last value either way. */
export async function probeUntil<T>(probe: () => Promise<T>, done: (value: T) => boolean, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
