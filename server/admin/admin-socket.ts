import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { adminCommandSchema, runAdminCommand, type AdminCommand, type AdminResult } from './commands';

/**
 * PGlite belongs to one process, so while the server runs the CLI sends its commands here:
 * a Unix socket in DATA_DIR, readable by the data directory's owner only.
 */
export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, 'admin.sock');
}

export async function listenAdminSocket(db: Database, dataDir: string, logger: Logger): Promise<Server> {
  const socketPath = adminSocketPath(dataDir);
  // A socket left by a crashed process would block listen(); nothing can be listening on it if we got here.
  if (existsSync(socketPath) && !(await adminSocketListening(socketPath))) unlinkSync(socketPath);
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let status = 200;
    let body: unknown;
    try {
      const command = adminCommandSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      body = await runAdminCommand(db, command);
    } catch (error) {
      status = error instanceof AppError ? error.statusCode : 400;
      body = { error: error instanceof Error ? error.message : String(error) };
      if (!(error instanceof AppError) && !(error instanceof SyntaxError) && (error as Error).name !== 'ZodError') {
        logger.error('admin command failed', { error: String(error) });
        status = 500;
      }
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  // A CLI that goes away mid-request makes reading its body reject: unhandled, that rejection
  // would stop the server (server/process-faults.ts).
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      logger.warn('admin socket request ended early', { error: String(error) });
      res.destroy();
    });
  });
  // The socket file takes its mode from the umask at bind(): under the usual 022 it would be
  // connectable by everyone until the chmod below. Node runs bind() synchronously within listen(),
  // so the narrowed umask covers exactly that call.
  const previousUmask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
      process.umask(previousUmask);
    });
  } finally {
    process.umask(previousUmask);
  }
  chmodSync(socketPath, 0o600);
  return server;
}

export async function closeAdminSocket(server: Server, dataDir: string): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const socketPath = adminSocketPath(dataDir);
  if (existsSync(socketPath)) unlinkSync(socketPath);
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
