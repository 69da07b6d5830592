import type { DatabaseAvailability } from './db/availability';
import type { Logger } from './logger';

/**
 * The last line of defence, for errors no code of ours awaited (a library's floating promise, a
 * driver's timer). A database connection error is routine (a restart, a failover): it is reported
 * to availability, logged once per outage, and the process carries on, since every component
 * reconnects by itself. Anything else is a bug in an unknown state: log it and exit, as Node
 * would, so a supervisor restarts a clean process.
 */
export function guardProcessFaults(availability: DatabaseAvailability, logger: Logger): void {
  const handle = (kind: string) => (error: unknown) => {
    if (availability.report(error, kind)) return;
    logger.error(`${kind}: exiting`, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  };
  process.on('unhandledRejection', handle('unhandled promise rejection'));
  process.on('uncaughtException', handle('uncaught exception'));
}
