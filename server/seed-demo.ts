import { count, sql } from 'drizzle-orm';
import { randomToken } from './auth/secrets';
import type { Database } from './db/client';
import { organizations } from './db/schema/organizations';
import { createOrganization, createUser } from './organizations/organizations.service';

export const DEMO_EMAIL = 'demo@example.com';

/** First start only: a demo organization to log in to, with a one-time API key. */
export async function seedDemoIfEmpty(db: Database) {
  // Several instances may start at once on one Postgres: only one of them seeds.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727412002)`);
    const [existing] = await tx.select({ value: count() }).from(organizations);
    if ((existing?.value ?? 0) > 0) return null;
    return seed(tx as unknown as Database);
  });
}

async function seed(db: Database) {
  const created = await createOrganization(db, {
    name: 'Demo organization',
    plan: 'PRO',
    features: ['dms', 'automations'],
    teamName: 'Demo team',
    apiKeyName: 'Demo key',
  });
  const password = randomToken(12);
  await createUser(db, { organizationId: created.organization.id, email: DEMO_EMAIL, password, role: 'ADMIN', firstName: 'Demo' });
  return { ...created, email: DEMO_EMAIL, password };
}
