import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { organizations } from '../db/schema/organizations';
import { NotFoundError } from '../http/errors';

export type AnalyticsSettings = {
  analyticsInterval?: number | null;
  analyticsPostsInterval?: number | null;
  analyticsDisabled?: boolean;
  analyticsPostsDisabled?: boolean;
};

/** The organization's background refresh settings (intervals in hours, null for the default). */
export async function setAnalyticsSettings(db: Executor, organizationId: string, settings: AnalyticsSettings) {
  const [row] = await db
    .update(organizations)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId))
    .returning();
  if (!row) throw new NotFoundError('Organization');
  return row;
}
