import { useSearch } from '@tanstack/react-router';

// Per organization, so signing in to another organization in this browser does not inherit a foreign id.
const storageKey = (organizationId: string) => `socialdesk:team:${organizationId}`;

export function rememberedTeamId(organizationId: string): string | null {
  try {
    return localStorage.getItem(storageKey(organizationId));
  } catch {
    return null; // Storage can be disabled (private modes, policies); the URL still carries the team.
  }
}

export function rememberTeamId(organizationId: string, teamId: string) {
  try {
    localStorage.setItem(storageKey(organizationId), teamId);
  } catch {
    // See rememberedTeamId.
  }
}

/** The first team that exists out of: the URL's, the remembered one, the newest. */
export function chooseTeam<T extends { id: string }>(teams: T[], fromUrl: string | undefined, remembered: string | null): T | undefined {
  return teams.find((team) => team.id === fromUrl) ?? teams.find((team) => team.id === remembered) ?? teams[0];
}

/** The selected team; the signed-in layout guarantees the URL carries one. */
export function useCurrentTeamId(): string | undefined {
  return useSearch({ strict: false, select: (search) => search.team });
}
