import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';

export type Team = ApiSchema<'Team'>;
export type TeamList = ApiSchema<'TeamList'>;

// The API's maximum page: the switcher and settings show every team of the organization.
const ALL_TEAMS = 500;

export function getTeams(): Promise<TeamList> {
  return ok(api.GET('/team', { params: { query: { limit: ALL_TEAMS } } }));
}

export const teamsQueryKey = ['teams'] as const;

export const teamsQueryOptions = () => queryOptions({ queryKey: teamsQueryKey, queryFn: getTeams });

export function useTeams() {
  return useSuspenseQuery(teamsQueryOptions());
}
