/**
 * The uploads a platform's options point at, in the order the platform gets them (the thumbnail
 * is an option, not a file of the post). Browser-safe: the publisher and the dashboard share it.
 */
export function mediaIdsOf(options: Record<string, unknown> | undefined): string[] {
  if (!options) return [];
  const ids: string[] = [];
  const fromItems = (items: unknown) =>
    Array.isArray(items) ? items.map((item) => (item as { uploadId?: unknown }).uploadId).filter((id): id is string => typeof id === 'string') : [];
  if (Array.isArray(options.uploadIds)) ids.push(...options.uploadIds.filter((id): id is string => typeof id === 'string'));
  ids.push(...fromItems(options.mediaItems), ...fromItems(options.carouselItems));
  return [...new Set(ids)];
}

/** The uploads of a thread's later posts (`thread[].uploadIds`), apart from the first post's. */
export function threadMediaIdsOf(options: Record<string, unknown> | undefined): string[] {
  if (!options || !Array.isArray(options.thread)) return [];
  const ids = options.thread.flatMap((entry) => {
    const uploadIds = (entry as { uploadIds?: unknown })?.uploadIds;
    return Array.isArray(uploadIds) ? uploadIds.filter((id): id is string => typeof id === 'string') : [];
  });
  return [...new Set(ids)];
}
