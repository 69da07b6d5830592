import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * The database's own pace: single-row inserts, one after another, each its own statement. Event
 * and job figures are printed as ratios to it, so they compare across machines and loads. A plain
 * table (a temporary one would live on one pooled Postgres connection only), dropped afterwards.
 */
export async function measureInsertRate(db: Executor, rows = 1000): Promise<number> {
  const table = sql.raw(`bench_inserts_${process.pid}`);
  await db.execute(sql`create table if not exists ${table} (id serial primary key, payload text not null)`);
  try {
    const started = performance.now();
    for (let i = 0; i < rows; i++) await db.execute(sql`insert into ${table} (payload) values (${`row ${i}`})`);
    return rows / ((performance.now() - started) / 1000);
  } finally {
    await db.execute(sql`drop table ${table}`);
  }
}
