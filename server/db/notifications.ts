import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from './client';

/**
 * Postgres LISTEN/NOTIFY on either driver. `onConnected` runs on every (re)connection: messages
 * sent while the listener was away are lost, so callers reset whatever the messages maintain. On
 * Postgres the listener re-subscribes by itself after the database comes back (postgres-listener.ts).
 */
export async function listenChannel(
  handle: DatabaseHandle,
  channel: string,
  onMessage: (payload: string) => void,
  onConnected: () => void = () => {},
): Promise<() => Promise<void>> {
  if (handle.driver.pglite) {
    const unlisten = await handle.driver.pglite.listen(channel, onMessage);
    onConnected();
    return () => unlisten();
  }
  return handle.listener!.listen(channel, onMessage, onConnected);
}

/** Sends on commit when the executor is a transaction, at once otherwise. */
export async function notifyChannel(executor: Executor, channel: string, payload: string): Promise<void> {
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
}
