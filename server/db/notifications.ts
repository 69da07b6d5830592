import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from './client';

/**
 * Postgres LISTEN/NOTIFY on either driver. `onConnected` runs on every (re)connection: messages
 * sent while the listener was away are lost, so callers reset whatever the messages maintain.
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
  const subscription = await handle.driver.sql!.listen(channel, onMessage, onConnected);
  return () => subscription.unlisten();
}

/** Sends on commit when the executor is a transaction, at once otherwise. */
export async function notifyChannel(executor: Executor, channel: string, payload: string): Promise<void> {
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
}
