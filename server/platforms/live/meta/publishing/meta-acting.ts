import type { Credentials } from '../../../connector';
import { PlatformError } from '../../../platform-error';
import type { PostPlatform } from '../../../platform-types';
import type { PublishTarget } from '../../../publishing';
import type { MetaConfig } from '../meta-config';
import type { MetaGraph } from '../meta-graph';
import { metaActing, requireGranted } from '../reading/meta-acting';

/** Who a publishing call acts as: the Graph host, the token, and the id of the account (Page, Instagram account, Threads profile) on it. */
export type Acting = { graph: MetaGraph; token: string; accountId: string };

export type ActingResolver = (credentials: Credentials, target: PublishTarget, operation: string, permission?: 'publish' | 'comments') => Promise<Acting>;

/**
 * The one way Meta calls find their account (the reading slice's `metaActing`, decision 076): the
 * selected Page's token (found again from the user token after a reconnect) on graph.facebook.com,
 * or the Instagram Login or Threads token on its own host. Where the login reported its scopes,
 * a token without the publishing one is refused before anything is sent.
 */
export function publishingActing(config: MetaConfig, platform: PostPlatform): ActingResolver {
  const resolve = metaActing(config, platform);
  return async (credentials, target, operation, permission = 'publish') => {
    const acting = await resolve(credentials, target, operation);
    requireGranted(acting, permission, operation);
    return { graph: acting.graph, token: acting.token, accountId: acting.nodeId };
  };
}

/** A form value Meta reads as JSON (`user_tags`, `collaborators`, `attached_media[0]`). */
export const asJson = (value: unknown) => JSON.stringify(value);

/** Only the defined fields of a form. */
export function formOf(fields: Record<string, string | number | boolean | null | undefined>): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null && value !== '') form[key] = String(value);
  return form;
}

/** Reads a daily cap: more used than allowed is a rate limit reset when the oldest use leaves the window. */
export function capReached(input: {
  platform: 'INSTAGRAM' | 'THREADS';
  operation: string;
  used: number | undefined;
  total: number | undefined;
  durationSeconds: number | undefined;
  what: string;
}): PlatformError | null {
  if (input.used === undefined || input.total === undefined || input.used < input.total) return null;
  const seconds = input.durationSeconds ?? 86_400;
  const name = input.platform === 'INSTAGRAM' ? 'Instagram' : 'Threads';
  return new PlatformError({
    code: 'RATE_LIMITED',
    message: `${input.operation}: the account used ${input.used} of its ${input.total} ${input.what} allowed per ${Math.round(seconds / 3600)} h`,
    httpStatus: 200,
    // The window rolls: the earliest the count can drop is when the oldest use leaves it, at most a window from now.
    userFacingMessage: `This account reached ${name}’s limit of ${input.total} ${input.what} published through the API in ${Math.round(seconds / 3600)} hours; it is published once the limit allows.`,
    meta: {
      platform: input.platform,
      operation: input.operation,
      resetAt: new Date(Date.now() + seconds * 1000).toISOString(),
      retryAfterSeconds: seconds,
      quotaUsage: input.used,
      quotaTotal: input.total,
    },
  });
}
