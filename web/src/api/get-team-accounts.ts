import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';

// Shared by the accounts page and the composer/post list: one fetcher, one cache entry per team.

export type SocialAccount = ApiSchema<'SocialAccount'>;
export type AccountType = SocialAccount['type'];

/** The team endpoint is where the API lists a team's connected accounts. */
export function getTeamAccounts(teamId: string): Promise<SocialAccount[]> {
  return ok(api.GET('/team/{id}', { params: { path: { id: teamId } } })).then((team) => team.socialAccounts);
}

/** Everything account-related is under this key, so one invalidation refreshes cards and lists. */
export const accountsQueryKey = ['accounts'] as const;

export const teamAccountsQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: [...accountsQueryKey, 'team', teamId], queryFn: () => getTeamAccounts(teamId) });

export function useTeamAccounts(teamId: string) {
  return useSuspenseQuery(teamAccountsQueryOptions(teamId));
}

/** The accounts a post can go to: connected to the team and not on their way out after a disconnection. */
export function postingAccounts(accounts: SocialAccount[]): SocialAccount[] {
  return accounts.filter((account) => !account.deleteOn && !account.deletedAt);
}

export function usePostingAccounts(teamId: string) {
  return useSuspenseQuery({ ...teamAccountsQueryOptions(teamId), select: postingAccounts });
}
