import { z } from 'zod';

/**
 * The query string the platform's consent page sends the browser back with
 * (`status=success&socialAccountId=…` or `status=error&error=…&error_description=…`).
 */
export const connectOutcomeSearch = z.object({
  status: z.enum(['success', 'error']).optional().catch(undefined),
  socialAccountId: z.string().max(64).optional().catch(undefined),
  type: z.string().max(40).optional().catch(undefined),
  teamId: z.string().max(64).optional().catch(undefined),
  error: z.string().max(100).optional().catch(undefined),
  error_description: z.string().max(1000).optional().catch(undefined),
});

export type ConnectOutcome = z.infer<typeof connectOutcomeSearch>;

export const CONNECT_OUTCOME_KEYS = Object.keys(connectOutcomeSearch.shape) as (keyof ConnectOutcome)[];

/** Where the consent page sends the browser back to: this page, on the same team. */
export function accountsReturnUrl(teamId: string): string {
  const url = new URL('/accounts', window.location.origin);
  url.searchParams.set('team', teamId);
  return url.toString();
}
