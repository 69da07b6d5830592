import postgres from 'postgres';

/**
 * Runs `work` while holding a Postgres session advisory lock on a connection of its own, so
 * instances starting at once take turns (the work itself may use any other connection).
 */
export async function withAdvisoryLock<T>(url: string, lockId: number, work: () => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${lockId})`;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${lockId})`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}
