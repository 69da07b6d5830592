import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SocialAccountSchema } from '../../../../../server/accounts/accounts.schemas';
import { api } from '../../../lib/api-client';

export type SocialAccount = z.infer<typeof SocialAccountSchema>;
export type AccountType = SocialAccount['type'];

type TeamWithAccounts = { id: string; name: string; socialAccounts: SocialAccount[] };

/** The team endpoint is where the API lists a team's connected accounts. */
export function getTeamAccounts(teamId: string): Promise<SocialAccount[]> {
  return api.get<TeamWithAccounts>(`/team/${encodeURIComponent(teamId)}`).then((team) => team.socialAccounts);
}

/** Everything account-related is under this key, so one invalidation refreshes cards and lists. */
export const accountsQueryKey = ['accounts'] as const;

export const teamAccountsQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: [...accountsQueryKey, 'team', teamId], queryFn: () => getTeamAccounts(teamId) });

export function useTeamAccounts(teamId: string) {
  return useSuspenseQuery(teamAccountsQueryOptions(teamId));
}
