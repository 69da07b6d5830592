import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import type { AppServices } from '../services';
import { bodyLimits } from './body-limits';
import { onError } from './on-error';
import { applyPreparedHeaders, prepareHeaders } from './prepared-headers';
import { securityHeaders } from './security-headers';

/**
 * The app's first middleware: what every request needs, in one layer, since each layer of the
 * chain costs every request (bench:api). It hands the request the services, prepares the security
 * headers, caps the body (`bodyLimits`), and after the whole chain gives the response the prepared
 * headers it lacks (the security headers, and the rate limiter's), errors included.
 */
export function requestBasics(services: AppServices): MiddlewareHandler<AppEnv> {
  const security = securityHeaders({ https: services.config.publicUrl.startsWith('https://') });
  let securityReady = false;
  // Should it fail, every request awaits `ready` itself and answers the error; said once here.
  security.ready.then(
    () => (securityReady = true),
    (error: unknown) => services.logger.error('security headers could not be prepared', { error: String(error) }),
  );
  return async (c, next) => {
    c.set('services', services);
    if (!securityReady) await security.ready;
    prepareHeaders(c, security.forPath(c.req.path));
    try {
      await bodyLimits(c, next);
    } catch (error) {
      // Only the body limit's own 413 gets here (every later layer's errors are answered where
      // they are thrown); answered here, it gets the headers like any other answer.
      c.res = await onError(error as Error, c);
    }
    applyPreparedHeaders(c);
  };
}
