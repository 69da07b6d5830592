/** Every Google Business location query of a team starts with this key, so one invalidation refreshes the page. */
export const locationKey = (teamId: string) => ['google-business-location', teamId] as const;
export const locationProfileKey = (teamId: string) => [...locationKey(teamId), 'profile'] as const;
export const locationAttributesKey = (teamId: string) => [...locationKey(teamId), 'attributes'] as const;
export const placeActionLinksKey = (teamId: string) => [...locationKey(teamId), 'place-action-links'] as const;
