import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import type { AdminCommand, AdminResult } from './admin-command-schema';

/**
 * PGlite belongs to one process, so while the server runs the CLI sends its commands here:
 * a Unix socket in DATA_DIR, readable by the data directory's owner only.
 */
export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin.sock');
}

/**
 * Whether a process listens on the admin socket, decided by connecting rather than by waiting for
 * an answer: the kernel accepts a Unix-socket connection for a listening process however busy its
 * event loop is. A server under load is thus never taken for a stopped one, which would make the
 * CLI open the embedded database beside it (its write lost, the files at risk). Only "no socket"
 * and "nobody listening" (a file left by a crashed process) mean stopped; anything else is an error.
 */
export function adminSocketListening(socketPath: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(new Error(`Cannot tell whether SocialDesk runs on this data directory (${error.code ?? error.message}): try again`));
    });
  });
}

export function sendAdminCommand(socketPath: string, command: AdminCommand): Promise<AdminResult> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/command', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        // Thrown in an event listener, a parse error would crash the CLI instead of being reported.
        let body: { error?: string };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return reject(new Error(`admin socket answered ${res.statusCode} with a body that is not JSON`));
        }
        if (res.statusCode === 200) resolve(body as AdminResult);
        else reject(new Error(body.error ?? `admin socket answered ${res.statusCode}`));
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(command));
  });
}
