import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import postgres from 'postgres';
import { withAdvisoryLock } from './advisory-lock';
import type { DatabaseHandle } from './client';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
// Any constant works; it only has to be the same for every instance of this product.
const MIGRATION_LOCK_ID = 727_412_001;

/** Applies the committed drizzle-kit migrations; several instances starting at once queue on a lock. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.driver.pglite) {
    // The embedded database belongs to this process alone, so no lock is needed.
    await migratePglite(drizzlePglite({ client: handle.driver.pglite }), { migrationsFolder });
    return;
  }
  // The migrator runs on its own single connection while another holds the lock.
  await withAdvisoryLock(handle.url!, MIGRATION_LOCK_ID, async () => {
    const sql = postgres(handle.url!, { max: 1, onnotice: () => {} });
    try {
      await migratePostgres(drizzlePostgres({ client: sql }), { migrationsFolder });
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
}
