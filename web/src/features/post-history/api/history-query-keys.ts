/** Every post history query (the imported posts, the import runs, the monthly capacity) sits under this key. */
export const historyQueryKey = ['post-history'] as const;
export const importedPostsKey = (teamId: string, platform: string) => [...historyQueryKey, 'posts', teamId, platform] as const;
export const historyImportsKey = (teamId: string, platform: string) => [...historyQueryKey, 'imports', teamId, platform] as const;
export const importCapacityKey = (teamId: string, platform: string) => [...historyQueryKey, 'capacity', teamId, platform] as const;
