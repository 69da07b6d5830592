import { describe, expect, it } from 'vitest';
import { sqlExecutorFor } from '../db/raw-sql';
import { createTestApp } from '../test/test-app';
import { housekeepingHandler } from './housekeeping.job-handlers';

const t = await createTestApp();

/** Where the last checkpoint's record is in the write-ahead log. */
async function checkpointLsn(): Promise<string> {
  const { rows } = await sqlExecutorFor(t.services.db).executeSql('select checkpoint_lsn::text as lsn from pg_control_checkpoint()');
  return String(rows[0]!.lsn);
}

describe('housekeeping', () => {
  it('checkpoints the embedded database, whose write-ahead log grows otherwise', async () => {
    await t.createOrg(); // something written since the last checkpoint
    const before = await checkpointLsn();
    await housekeepingHandler.handle({}, { services: t.services, jobId: 'housekeeping-test', attempt: 1 });
    // Postgres checkpoints by itself; the embedded database only when told.
    if (t.services.database.kind === 'pglite') expect(await checkpointLsn()).not.toBe(before);
  });
});
