import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SocialAccountSchema } from '../../../../../server/accounts/accounts.schemas';
import { api } from '../../../lib/api-client';

export type SocialAccount = z.infer<typeof SocialAccountSchema>;

/** The accounts a post can go to: connected to the team and not on their way out after a disconnection. */
export function getPostingAccounts(teamId: string): Promise<SocialAccount[]> {
  return api
    .get<{ socialAccounts: SocialAccount[] }>(`/team/${encodeURIComponent(teamId)}`)
    .then((team) => team.socialAccounts.filter((account) => !account.deleteOn && !account.deletedAt));
}

export const postingAccountsQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: ['accounts', 'team', teamId, 'posting'], queryFn: () => getPostingAccounts(teamId) });

export function usePostingAccounts(teamId: string) {
  return useSuspenseQuery(postingAccountsQueryOptions(teamId));
}
