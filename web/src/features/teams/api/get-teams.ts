import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TeamListSchema, TeamSchema } from '../../../../../server/teams/teams.schemas';
import { api } from '../../../lib/api-client';

export type Team = z.infer<typeof TeamSchema>;
export type TeamList = z.infer<typeof TeamListSchema>;

// The API's maximum page: the switcher and settings show every team of the organization.
const ALL_TEAMS = 500;

export function getTeams(): Promise<TeamList> {
  return api.get<TeamList>('/team', { query: { limit: ALL_TEAMS } });
}

export const teamsQueryKey = ['teams'] as const;

export const teamsQueryOptions = () => queryOptions({ queryKey: teamsQueryKey, queryFn: getTeams });

export function useTeams() {
  return useSuspenseQuery(teamsQueryOptions());
}
