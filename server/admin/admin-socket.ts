import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { adminCommandSchema } from './admin-command-schema';
import { adminSocketListening, adminSocketPath } from './admin-socket-client';
import { runAdminCommand } from './commands';

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
