import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import type { Executor } from '../db/client';
import { organizations } from '../db/schema/organizations';
import { AppError } from '../http/errors';

/** Automations are switched on per organization; until then every automations route answers 404 "Not found". */
export async function requireAutomations(db: Executor, organizationId: string): Promise<void> {
  const [organization] = await db.select({ on: organizations.automationsEnabled }).from(organizations).where(eq(organizations.id, organizationId));
  if (!organization?.on) throw new AppError(404, 'Not found');
}

/**
 * Runs before the routes' validators: an organization without automations gets the same 404
 * whatever it sends, rather than learning the routes' schemas from their 400s.
 */
export const automationsEnabled = createMiddleware<AppEnv>(async (c, next) => {
  await requireAutomations(c.var.services.db, c.var.auth.organizationId);
  await next();
});
