import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A Postgres server of a test's own (initdb + pg_ctl), so a test can stop and start it the way an
 * operator's failover or restart would, without touching the machine's shared server. Postgres
 * refuses to run as root: as root, the cluster belongs to the `postgres` system user.
 */
export type PrivatePostgres = {
  url: (database?: string) => string;
  /** `fast` ends sessions cleanly; `immediate` is a crash (recovery runs at the next start). */
  stop(mode: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
};

/** The directory of initdb and pg_ctl, or undefined where no Postgres server is installed. */
export function postgresBinDir(): string | undefined {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = fromConfig.status === 0 ? [fromConfig.stdout.trim()] : [];
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    // Debian's pg_config names the client's directory; the server's tools sit under its major version.
    for (const version of readdirSync(debianRoot).sort().reverse()) candidates.push(path.join(debianRoot, version, 'bin'));
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
}

export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const root = mkdtempSync(path.join(tmpdir(), 'sd-pg-'));
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // The postgres user must be able to reach and write the directory.
  if (asRoot) chmodSync(root, 0o777);
  const run = (tool: string, args: string[]) => {
    const command = path.join(binDir, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: 'pipe', cwd: root });
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(root, 'log'), '-w', 'start']);
  start();
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'socialdesk']);
  return {
    url: (database = 'socialdesk') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: (mode) => run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
