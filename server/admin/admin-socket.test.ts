import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { closeAdminSocket, listenAdminSocket } from './admin-socket';
import { adminSocketListening, adminSocketPath } from './admin-socket-client';
import { runCli } from '../test/processes';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-admin-socket-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the admin socket', () => {
  it('outlives a CLI that goes away in the middle of sending its command', async () => {
    const warnings: string[] = [];
    const logger: Logger = { debug: () => {}, info: () => {}, warn: (message) => warnings.push(message), error: () => {} };
    // The command never arrives whole, so the database is never used.
    const server = await listenAdminSocket({} as Database, dataDir, logger);
    try {
      const socket = connect(adminSocketPath(dataDir));
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write('POST /command HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"command":');
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();

      await expect.poll(() => warnings, { timeout: 5_000 }).toContain('admin socket request ended early');
      expect(await adminSocketListening(adminSocketPath(dataDir))).toBe(true);
    } finally {
      await closeAdminSocket(server, dataDir);
    }
  });

  it("hands the CLI's command to a running server that is slow to answer, and never opens the database beside it", { timeout: 60_000 }, async () => {
    // A server whose event loop is busy: it accepts connections (the kernel does) but answers
    // nothing except, eventually, the command itself. The CLI used to ping with a 2-second timeout
    // and, on a busy machine, open the embedded database a second time, where its write was lost.
    const busyDataDir = mkdtempSync(path.join(tmpdir(), 'sd-admin-busy-'));
    const received: unknown[] = [];
    const busy = createServer((req, res) => {
      if (req.url !== '/command') return;
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ json: {}, text: 'done by the running server' }));
      });
    });
    await new Promise<void>((resolve) => busy.listen(adminSocketPath(busyDataDir), resolve));
    try {
      const run = await runCli(['disable', '--org', 'org_1', 'dms'], { DATA_DIR: busyDataDir, DATABASE_URL: '' });
      expect(run).toMatchObject({ code: 0, stdout: 'done by the running server\n' });
      expect(received).toEqual([expect.objectContaining({ command: 'disable', org: 'org_1', features: ['dms'] })]);
      expect(existsSync(path.join(busyDataDir, 'pglite'))).toBe(false);
    } finally {
      busy.close();
      rmSync(busyDataDir, { recursive: true, force: true });
    }
  });
});
