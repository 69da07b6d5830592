import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { adminSocketAnswers, adminSocketPath, closeAdminSocket, listenAdminSocket } from './admin-socket';

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
      expect(await adminSocketAnswers(adminSocketPath(dataDir))).toBe(true);
    } finally {
      await closeAdminSocket(server, dataDir);
    }
  });
});
