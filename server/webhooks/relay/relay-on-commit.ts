import type { AppServices } from '../../services';
import { webhookSweepJob } from '../webhooks.jobs';
import { wakeRelay } from './wake-relay';

/**
 * Wakes the relay when events commit (NOTIFY), coalescing bursts: at most one wake-up query runs
 * at a time in this process, and the wake-up row keeps the whole cluster to one queued relay job.
 * When LISTEN starts or reconnects (notifications may have been missed), one sweep is enqueued.
 */
export function startRelayWaker(services: AppServices): void {
  const hub = services.live;
  let running = false;
  let again = false;
  const pump = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await services.db.transaction((tx) => wakeRelay(tx, services.jobs));
      } while (again);
    } catch (error) {
      // The minute sweep (and the one LISTEN's reconnection enqueues) relays whatever this missed.
      if (!services.database.availability.report(error, 'webhook relay')) services.logger.warn('webhooks: could not wake the relay', { error: String(error) });
    } finally {
      running = false;
    }
  };
  hub.onNotice((notice) => {
    // Events of organizations without endpoints are written relayed: nothing to wake for.
    if (notice.relay !== false) void pump();
  });
  hub.onListen(() => {
    services.jobs.send(webhookSweepJob, {}).catch((error: unknown) => {
      services.logger.debug('webhooks: start-up sweep not enqueued', { error: String(error) });
    });
  });
}
