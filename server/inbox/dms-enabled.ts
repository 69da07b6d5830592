import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { requireDms } from './conversations.service';

/**
 * Runs before the routes' validators, as `automationsEnabled` does: an organization without DMs
 * gets the same 404 "Not found" from every DM route whatever it sends, rather than learning the
 * routes' schemas from their 400s (spec: "every DM and Automation endpoint answers 404").
 */
export const dmsEnabled = createMiddleware<AppEnv>(async (c, next) => {
  await requireDms(c.var.services.db, c.var.auth.organizationId);
  await next();
});
